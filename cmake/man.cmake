# cmake/man.cmake - writes the man page undead.1 from the built command's
# usage texts.  Run by cmake/install.cmake as
#   cmake -DUNDEAD=path/to/undead -DTEMPLATE=tools/undead.1.in -DVERSION=X.Y.Z -DOUT=undead.1 -P man.cmake
# The template's @COMMANDS@ becomes one subsection per command listed by
# `undead --help`, holding that command's `undead COMMAND --help`, verbatim;
# @VERSION@ the version.
cmake_minimum_required(VERSION 3.25)
foreach(var UNDEAD TEMPLATE VERSION OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "man.cmake: expected -D${var}=...")
  endif()
endforeach()

# Text as roff shows it verbatim: backslashes escaped, '-' as the minus
# sign an option is typed with, and a line that starts with a control
# character ('.' or ') guarded.
function(roff_verbatim text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

execute_process(COMMAND ${UNDEAD} --help OUTPUT_VARIABLE overview RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "man.cmake: '${UNDEAD} --help' exited ${rc}")
endif()
# The command list: lines "  NAME   summary" (a summary's ';' kept out of
# the way of CMake's lists).
string(REPLACE ";" "@SEMICOLON@" overview "${overview}")
string(REGEX MATCHALL "\n  [a-z]+ +[^\n]*" lines "${overview}")
if(NOT lines)
  message(FATAL_ERROR "man.cmake: expected a list of commands in 'undead --help', got:\n${overview}")
endif()
set(commands "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\1" name "${line}")
  string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\2" summary "${line}")
  string(REPLACE "@SEMICOLON@" ";" summary "${summary}")
  execute_process(COMMAND ${UNDEAD} ${name} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "man.cmake: '${UNDEAD} ${name} --help' exited ${rc}")
  endif()
  string(REGEX REPLACE "\n+$" "" help "${help}")
  roff_verbatim("${summary}" summary)
  roff_verbatim("${help}" help)
  string(APPEND commands ".SS ${name}\n${summary}.\n.PP\n.nf\n.RS 4\n${help}\n.RE\n.fi\n")
endforeach()

file(READ ${TEMPLATE} page)
string(REPLACE "@COMMANDS@\n" "${commands}" page "${page}")
string(REPLACE "@VERSION@" "${VERSION}" page "${page}")
file(WRITE ${OUT}.tmp "${page}")
file(RENAME ${OUT}.tmp ${OUT})
