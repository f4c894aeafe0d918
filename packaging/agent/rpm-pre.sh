getent group upwatch >/dev/null || groupadd --system upwatch
getent passwd upwatch >/dev/null || useradd --system --gid upwatch --no-create-home \
  --home-dir /nonexistent --shell /sbin/nologin --comment "Upwatch agent" upwatch
exit 0
