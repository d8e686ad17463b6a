# cmake/test-python.cmake - the Python interpreter every test finds first on
# PATH: the one `python3` names at configure time, reached directly.
#
# Why: a version manager's shim (pyenv's, on the machines this project is
# built on) is a chain of shell scripts that costs about a second of wall
# time at every start, where the interpreter itself starts in a tenth of
# that; the tests start Python some hundreds of times (their JSON and
# protocol checks, and the example adapters' `#!/usr/bin/env python3`).
# The interpreter is the same one the shim would have run: asked for its
# own path (sys.executable), and linked as tests/bin/python3 in the build
# tree, which ud_tests_find_python_first puts first on every test's PATH.

# ud_test_python_dir(VAR): VAR is the folder holding that link, or empty
# when no python3 answers (the tests that need it then say so themselves).
function(ud_test_python_dir var)
  set(dir "")
  find_program(UD_PYTHON3_FOUND python3)
  if(UD_PYTHON3_FOUND)
    execute_process(COMMAND ${UD_PYTHON3_FOUND} -c "import sys; print(sys.executable)"
      OUTPUT_VARIABLE exe OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0 AND IS_ABSOLUTE "${exe}" AND EXISTS "${exe}")
      set(dir ${CMAKE_BINARY_DIR}/tests/bin)
      file(MAKE_DIRECTORY ${dir})
      file(CREATE_LINK ${exe} ${dir}/python3 SYMBOLIC)
    endif()
  endif()
  set(${var} "${dir}" PARENT_SCOPE)
endfunction()

# ud_tests_find_python_first(): every test added so far in the calling
# folder's CMakeLists.txt runs with that link's folder first on PATH (a
# folder's own tests only: CMake 3.25 sets test properties nowhere else).
# Each folder that adds tests calls it last.
function(ud_tests_find_python_first)
  if(NOT UD_TEST_PYTHON_DIR)
    return()
  endif()
  get_property(tests DIRECTORY PROPERTY TESTS)
  if(tests)
    set_property(TEST ${tests} APPEND PROPERTY ENVIRONMENT_MODIFICATION
      "PATH=path_list_prepend:${UD_TEST_PYTHON_DIR}")
  endif()
endfunction()

ud_test_python_dir(UD_TEST_PYTHON_DIR)
