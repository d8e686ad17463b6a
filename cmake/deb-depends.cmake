# cmake/deb-depends.cmake - the Debian package's Depends, computed when cpack
# runs (CPACK_PROJECT_CONFIG_FILE, see cmake/install.cmake): dpkg-shlibdeps
# on the one program the package holds.
#
# CPack's own CPACK_DEBIAN_PACKAGE_SHLIBDEPS runs `file` once for every file
# it packs to find the programs among them: with the fuzz corpora that is
# over four thousand processes and a minute and more per package, for one
# ELF file whose path the build already knows.
#
# In: UD_DEB_PROGRAM (the built undead), UD_DEB_EXTRA_DEPENDS (packages the
# program loads through another library, appended), UD_DEB_SQLITE_MIN (the
# oldest SQLite undead runs on), CPACK_PACKAGE_DIRECTORY.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
if(NOT EXISTS "${UD_DEB_PROGRAM}")
  message(FATAL_ERROR "deb-depends: ${UD_DEB_PROGRAM} is not built; build the project before cpack")
endif()
find_program(UD_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(NOT UD_DPKG_SHLIBDEPS)
  message(FATAL_ERROR "deb-depends: dpkg-shlibdeps not found (Debian package dpkg-dev)")
endif()
# dpkg-shlibdeps reads debian/control from its working folder; an empty
# one will do, as it does for CPack's own call.
set(ud_work "${CPACK_PACKAGE_DIRECTORY}/_deb_depends")
file(REMOVE_RECURSE "${ud_work}")
file(MAKE_DIRECTORY "${ud_work}/debian")
file(WRITE "${ud_work}/debian/control" "")
execute_process(COMMAND "${UD_DPKG_SHLIBDEPS}" -O "${UD_DEB_PROGRAM}"
  WORKING_DIRECTORY "${ud_work}" RESULT_VARIABLE ud_rc
  OUTPUT_VARIABLE ud_out ERROR_VARIABLE ud_err)
file(REMOVE_RECURSE "${ud_work}")
if(NOT ud_rc EQUAL 0)
  message(FATAL_ERROR "deb-depends: dpkg-shlibdeps failed on ${UD_DEB_PROGRAM}: ${ud_err}")
endif()
string(REGEX MATCH "shlibs:Depends=([^\n]*)" ud_line "${ud_out}")
if(NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "deb-depends: no shlibs:Depends in dpkg-shlibdeps' output: ${ud_out}")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${CMAKE_MATCH_1}")
# dpkg-shlibdeps' version for libsqlite3-0 is the oldest that has every
# function the program calls; undead's queries need a newer one
# (UD_DEB_SQLITE_MIN, db/CMakeLists.txt), so the constraint is raised to it.
string(REGEX MATCH "libsqlite3-0 \\(>= ([0-9.]+)\\)" ud_sqlite_dep "${CPACK_DEBIAN_PACKAGE_DEPENDS}")
if(NOT ud_sqlite_dep)
  message(FATAL_ERROR "deb-depends: no versioned libsqlite3-0 in dpkg-shlibdeps' Depends: ${CPACK_DEBIAN_PACKAGE_DEPENDS}")
endif()
if(CMAKE_MATCH_1 VERSION_LESS UD_DEB_SQLITE_MIN)
  string(REPLACE "${ud_sqlite_dep}" "libsqlite3-0 (>= ${UD_DEB_SQLITE_MIN})" CPACK_DEBIAN_PACKAGE_DEPENDS
    "${CPACK_DEBIAN_PACKAGE_DEPENDS}")
endif()
if(UD_DEB_EXTRA_DEPENDS)
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ${UD_DEB_EXTRA_DEPENDS}")
endif()
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
