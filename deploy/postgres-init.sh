#!/bin/sh
# Run once by the postgres image on a new database: the role the app connects as, which owns
# nothing (the README's "PostgreSQL roles"); the migrate service grants it what it needs.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$(cat /run/secrets/db_app_password)" <<'SQL'
create role clinic_app login password :'password';
SQL
