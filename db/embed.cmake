# db/embed.cmake - turns db/schema.sql, db/migrations/*.sql, db/queries/*.sql
# and each game's spec/<folder>/queries/*.sql into a C file (byte arrays, so
# any text is safe), so the undead binary carries its schema and named
# queries and works from any directory.  Run by db/CMakeLists.txt as:
#   cmake -DDB_DIR=<db> -DSPEC_DIR=<spec> -DOUT=<file.c> -P embed.cmake
# The generated file defines what db/db_sql.h declares.  A generic query's
# name is its file name without .sql ("rarest-rules" for
# db/queries/rarest-rules.sql); a game's is its folder, a slash and that
# ("zombie_dice/shortage-turns" for spec/zombie_dice/queries/shortage-turns.sql;
# see db/README.md).

function(embed_bytes path var out)
  file(READ ${path} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  set(${out} "static const char ${var}[] = {\n${bytes}0x00\n};\n" PARENT_SCOPE)
endfunction()

# Append "NAME|PATH" to the list entries for every file of globs, NAME its
# path below base without .sql, prefixed with prefix.
function(named_files entries base globs prefix)
  file(GLOB files ${globs})
  list(SORT files)
  set(list ${${entries}})
  foreach(f IN LISTS files)
    file(RELATIVE_PATH name ${base} ${f})
    string(REGEX REPLACE "\\.sql$" "" name "${name}")
    list(APPEND list "${prefix}${name}|${f}")
  endforeach()
  set(${entries} ${list} PARENT_SCOPE)
endfunction()

# The C table var of the "NAME|PATH" entries, in their order.
function(embed_list entries var out)
  set(text "")
  set(table "const db_named_sql ${var}[] = {\n")
  set(i 0)
  foreach(entry IN LISTS entries)
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 name)
    list(GET parts 1 f)
    embed_bytes(${f} ${var}_${i} bytes)
    string(APPEND text "${bytes}")
    string(APPEND table "    { \"${name}\", ${var}_${i} },\n")
    math(EXPR i "${i} + 1")
  endforeach()
  string(APPEND table "    { 0, 0 },\n};\n")
  set(${out} "${text}${table}" PARENT_SCOPE)
endfunction()

embed_bytes(${DB_DIR}/schema.sql schema_bytes schema)
set(migration_files "")
named_files(migration_files ${DB_DIR}/migrations "${DB_DIR}/migrations/*.sql" "")
embed_list("${migration_files}" db_migrations migrations)
# The generic queries, then each game's (folders in name order) as
# "<folder>/NAME": the names and the order 'undead db query --list' shows.
set(query_files "")
named_files(query_files ${DB_DIR}/queries "${DB_DIR}/queries/*.sql" "")
file(GLOB game_dirs LIST_DIRECTORIES true ${SPEC_DIR}/*)
list(SORT game_dirs)
foreach(dir IN LISTS game_dirs)
  if(IS_DIRECTORY ${dir}/queries)
    get_filename_component(folder ${dir} NAME)
    named_files(query_files ${dir}/queries "${dir}/queries/*.sql" "${folder}/")
  endif()
endforeach()
embed_list("${query_files}" db_queries queries)

set(content "/* Generated from db/ by db/embed.cmake; do not edit. */\n#include \"db_sql.h\"\n\n")
string(APPEND content "${schema}const char *const db_schema_sql = schema_bytes;\n\n${migrations}\n${queries}")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${content}")
  file(WRITE ${OUT} "${content}")
endif()
