# cmake/install.cmake - what `cmake --install` puts where (GNUInstallDirs),
# the man page it installs, and the Debian package (`cpack -G DEB`).
# Included at the end of the top CMakeLists.txt.
#
#   bin/undead                     the command
#   share/man/man1/undead.1.gz     its man page, made from its --help texts
#   share/bash-completion/completions/undead  its bash completion, and
#   share/zsh/vendor-completions/_undead      its zsh one, made from the
#                                  commands' option tables
#   share/undead/golden/           the golden transcripts, findings, baselines
#   share/undead/fuzz/corpus/      the seed corpora verify replays
#   share/undead/spec/GAME/content/ the games' built-in content, as plain text
#                                  (compiled in; here to copy for --content DIR)
#   share/undead/spec/GAME/text-notes  each game's notes on its rule texts
#                                  (undead text; tools/text/README.md)
#   share/doc/undead/              README.md and docs/, and each game's page
#                                  as spec/GAME/docs.md (so the links hold);
#                                  copyright and changelog.gz (cmake/deb/:
#                                  what a Debian package must carry)
#
# The installed command finds share/undead beside it (tools/common/datadir.c).
include(GNUInstallDirs)
set(UD_INSTALL_DATA ${CMAKE_INSTALL_DATADIR}/undead)

install(TARGETS undead RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

install(DIRECTORY ${CMAKE_SOURCE_DIR}/golden DESTINATION ${UD_INSTALL_DATA})
# verify replays fuzz/corpus/<folder>_engine and fuzz/corpus/transcript; the
# content corpora feed only the fuzzers, which are not installed.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/fuzz/corpus DESTINATION ${UD_INSTALL_DATA}/fuzz
  PATTERN "*content" EXCLUDE)
file(GLOB UD_CONTENT_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/spec/*/content)
foreach(dir IN LISTS UD_CONTENT_DIRS)
  get_filename_component(game_dir ${dir} DIRECTORY)
  get_filename_component(folder ${game_dir} NAME)
  install(DIRECTORY ${dir} DESTINATION ${UD_INSTALL_DATA}/spec/${folder})
endforeach()
file(GLOB UD_TEXT_NOTES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/spec/*/text-notes)
foreach(notes IN LISTS UD_TEXT_NOTES)
  get_filename_component(game_dir ${notes} DIRECTORY)
  get_filename_component(folder ${game_dir} NAME)
  install(FILES ${notes} DESTINATION ${UD_INSTALL_DATA}/spec/${folder})
endforeach()
# faq reads the players' FAQ's record of editions for its version line.
install(FILES ${CMAKE_SOURCE_DIR}/spec/faq-editions.txt DESTINATION ${UD_INSTALL_DATA}/spec)

install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# A game's page lives in its folder (spec/<folder>/docs.md); README.md and
# docs/ link to it there, so it goes to the same place beside them.
file(GLOB UD_GAME_PAGES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/spec/*/docs.md)
foreach(page IN LISTS UD_GAME_PAGES)
  get_filename_component(game_dir ${page} DIRECTORY)
  get_filename_component(folder ${game_dir} NAME)
  install(FILES ${page} DESTINATION ${CMAKE_INSTALL_DOCDIR}/spec/${folder})
endforeach()

# Files installed gzipped (-n: no name or time inside, so the same input
# gives the same bytes), as Debian's policy has man pages and changelogs:
# ud_gzip(OUT IN TARGET) makes OUT from IN in a build step of target TARGET.
find_program(UD_GZIP gzip REQUIRED)
function(ud_gzip out in target)
  get_filename_component(name ${in} NAME)
  set(staged ${CMAKE_BINARY_DIR}/gz/${target}/${name})
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E copy ${in} ${staged}
    COMMAND ${UD_GZIP} -9nf ${staged}
    COMMAND ${CMAKE_COMMAND} -E rename ${staged}.gz ${out}
    DEPENDS ${in} VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${out})
endfunction()

# The copyright file and the changelog every Debian package carries in
# share/doc/PACKAGE (cmake/deb/); the changelog's entry is this version,
# dated now (or at SOURCE_DATE_EPOCH, for a reproducible build).
install(FILES ${CMAKE_SOURCE_DIR}/cmake/deb/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
set(UD_DEB_MAINTAINER "undead maintainers" CACHE STRING "the Debian package's Maintainer field")
string(TIMESTAMP UD_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${CMAKE_SOURCE_DIR}/cmake/deb/changelog.in ${CMAKE_BINARY_DIR}/changelog @ONLY)
ud_gzip(${CMAKE_BINARY_DIR}/changelog.gz ${CMAKE_BINARY_DIR}/changelog undead_changelog)
install(FILES ${CMAKE_BINARY_DIR}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The man page: cmake/man.cmake runs the built command for `undead --help`
# and every COMMAND --help, so the page cannot fall behind the usage texts.
# Not in the fuzzing builds (no command to run there that is worth a page),
# nor when the command cannot run on this machine, nor in the instrumented
# pass of the release build (tools/build-release.sh), whose profile should
# hold its training runs only: the page comes with the second pass.
if(NOT UD_LIBFUZZER AND NOT UD_AFL AND NOT CMAKE_CROSSCOMPILING AND NOT UD_PGO STREQUAL "generate")
  set(UD_MAN_PAGE ${CMAKE_BINARY_DIR}/undead.1)
  add_custom_command(OUTPUT ${UD_MAN_PAGE}
    COMMAND ${CMAKE_COMMAND} -DUNDEAD=$<TARGET_FILE:undead> -DTEMPLATE=${CMAKE_SOURCE_DIR}/tools/undead.1.in
            -DVERSION=${PROJECT_VERSION} -DOUT=${UD_MAN_PAGE} -P ${CMAKE_SOURCE_DIR}/cmake/man.cmake
    DEPENDS undead ${CMAKE_SOURCE_DIR}/tools/undead.1.in ${CMAKE_SOURCE_DIR}/cmake/man.cmake
    COMMENT "Writing the man page undead.1 from the usage texts")
  add_custom_target(undead_man ALL DEPENDS ${UD_MAN_PAGE})
  ud_gzip(${UD_MAN_PAGE}.gz ${UD_MAN_PAGE} undead_man_gz)
  add_dependencies(undead_man_gz undead_man)
  install(FILES ${UD_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# The shell completion, written by the built command from the commands'
# option tables (`undead completion bash|zsh`), as the man page is from
# their --help: bash-completion's folder, and zsh's vendor-completions
# (Debian's; UD_ZSH_COMPLETION_DIR names another, such as
# share/zsh/site-functions).  Built and installed where the man page is.
set(UD_ZSH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions" CACHE STRING
  "where the zsh completion _undead is installed, below the prefix")
if(NOT UD_LIBFUZZER AND NOT UD_AFL AND NOT CMAKE_CROSSCOMPILING AND NOT UD_PGO STREQUAL "generate")
  set(UD_COMPLETION_DIR ${CMAKE_BINARY_DIR}/completion)
  file(MAKE_DIRECTORY ${UD_COMPLETION_DIR})
  foreach(shell bash zsh)
    set(out ${UD_COMPLETION_DIR}/${shell}/undead)
    if(shell STREQUAL "zsh")
      set(out ${UD_COMPLETION_DIR}/${shell}/_undead)
    endif()
    file(MAKE_DIRECTORY ${UD_COMPLETION_DIR}/${shell})
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -DUNDEAD=$<TARGET_FILE:undead> -DSHELL_NAME=${shell} -DOUT=${out}
              -P ${CMAKE_SOURCE_DIR}/cmake/completion.cmake
      DEPENDS undead ${CMAKE_SOURCE_DIR}/cmake/completion.cmake
      COMMENT "Writing the ${shell} completion from the option tables")
    list(APPEND UD_COMPLETIONS ${out})
  endforeach()
  add_custom_target(undead_completion ALL DEPENDS ${UD_COMPLETIONS})
  install(FILES ${UD_COMPLETION_DIR}/bash/undead DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  install(FILES ${UD_COMPLETION_DIR}/zsh/_undead DESTINATION ${UD_ZSH_COMPLETION_DIR})
endif()

# The CTest `install` (label install): the tree installed into a temporary
# prefix works from another directory (tests/install.sh).  Registered here,
# beside the rules it tests.
if(UD_TESTS AND NOT UD_LIBFUZZER AND NOT UD_AFL AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME install COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install.sh ${CMAKE_COMMAND}
    ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
  set_tests_properties(install PROPERTIES LABELS install TIMEOUT 300)
endif()

# The Debian package: `cpack -G DEB` in a build tree (docs/install.md) makes
# undead_VERSION_ARCH.deb of everything above, installed under /usr.  Its
# Depends are computed by dpkg-shlibdeps (dpkg-dev) from the libraries the
# built command links, whatever the build found (jemalloc or not), so no
# list here can fall behind the link line; its Recommends are what only
# `undead faq --format pdf` runs (tests/faults_dbpkg.sh deb checks both).
set(CPACK_PACKAGE_NAME undead)
set(CPACK_PACKAGE_VENDOR "undead")
# Whoever builds a package to hand on names themselves: -DUD_DEB_MAINTAINER="Name <mail>"
# (the cache entry is set above, for the changelog).
set(CPACK_PACKAGE_CONTACT "${UD_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "rules-verification and fuzzing harness for zombie tabletop games")
set(CPACK_PACKAGE_DESCRIPTION
  "Runs the rules of zombie tabletop games from executable rule tables: replays and\n\
checks game records, simulates, explores and solves them, records every run in a\n\
results database and writes a printable rules FAQ from it.")
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# dpkg-shlibdeps runs on the built command when cpack runs
# (cmake/deb-depends.cmake).  jemalloc loads the C++ runtime (libstdc++6,
# libgcc-s1): dpkg-shlibdeps leaves them to libjemalloc2's own Depends, but
# the package names every library the installed command loads (what ldd
# lists), so that no package it needs is only there by another's say.
get_property(ud_links_jemalloc GLOBAL PROPERTY UD_LINKS_JEMALLOC)
set(ud_deb_extra "")
if(ud_links_jemalloc)
  set(ud_deb_extra "libstdc++6, libgcc-s1")
endif()
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake CONTENT
"set(UD_DEB_PROGRAM \"$<TARGET_FILE:undead>\")
set(UD_DEB_EXTRA_DEPENDS \"${ud_deb_extra}\")
set(UD_DEB_SQLITE_MIN \"${UD_SQLITE_MIN_VERSION}\")
include(\"${CMAKE_SOURCE_DIR}/cmake/deb-depends.cmake\")
")
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_BINARY_DIR}/CPackProjectConfig.cmake)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "chromium, poppler-utils")
include(CPack)
