# cmake/completion.cmake - writes one shell completion of the built command
# from its option tables (`undead completion SHELL`).  Run by
# cmake/install.cmake as
#   cmake -DUNDEAD=path/to/undead -DSHELL_NAME=bash|zsh -DOUT=FILE -P completion.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var UNDEAD SHELL_NAME OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "completion.cmake: expected -D${var}=...")
  endif()
endforeach()
execute_process(COMMAND ${UNDEAD} completion ${SHELL_NAME} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "completion.cmake: '${UNDEAD} completion ${SHELL_NAME}' exited ${rc}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
