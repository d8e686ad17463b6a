# db/embed.cmake - turns db/schema.sql, db/migrations/*.sql and
# db/queries/*.sql (with a game's own queries, db/queries/GAME/NAME.sql,
# named "GAME/NAME") into a C file (byte arrays, so any text is safe), so
# the undead binary carries its schema and named queries and works from any
# directory.  Run by tools/CMakeLists.txt as:
#   cmake -DDB_DIR=<db> -DOUT=<file.c> -P embed.cmake
# The generated file defines what tools/db_sql.h declares.

function(embed_bytes path var out)
  file(READ ${path} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  set(${out} "static const char ${var}[] = {\n${bytes}0x00\n};\n" PARENT_SCOPE)
endfunction()

# Every DIR/*.sql and DIR/*/*.sql, named by its path below DIR without .sql.
function(embed_list dir var out)
  file(GLOB files ${dir}/*.sql ${dir}/*/*.sql)
  list(SORT files)
  set(text "")
  set(table "const db_named_sql ${var}[] = {\n")
  set(i 0)
  foreach(f IN LISTS files)
    file(RELATIVE_PATH name ${dir} ${f})
    string(REGEX REPLACE "\\.sql$" "" name "${name}")
    embed_bytes(${f} ${var}_${i} bytes)
    string(APPEND text "${bytes}")
    string(APPEND table "    { \"${name}\", ${var}_${i} },\n")
    math(EXPR i "${i} + 1")
  endforeach()
  string(APPEND table "    { 0, 0 },\n};\n")
  set(${out} "${text}${table}" PARENT_SCOPE)
endfunction()

embed_bytes(${DB_DIR}/schema.sql schema_bytes schema)
embed_list(${DB_DIR}/migrations db_migrations migrations)
embed_list(${DB_DIR}/queries db_queries queries)

set(content "/* Generated from db/ by db/embed.cmake; do not edit. */\n#include \"db_sql.h\"\n\n")
string(APPEND content "${schema}const char *const db_schema_sql = schema_bytes;\n\n${migrations}\n${queries}")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${content}")
  file(WRITE ${OUT} "${content}")
endif()
