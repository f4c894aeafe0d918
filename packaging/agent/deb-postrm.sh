#!/bin/sh
# Forgets the unit once its file is gone; purging also removes the upwatch user and group.
set -e

if [ -d /run/systemd/system ]; then
  systemctl daemon-reload || true
fi

if [ "$1" = "purge" ]; then
  if getent passwd upwatch >/dev/null; then
    if command -v deluser >/dev/null 2>&1; then
      deluser --system --quiet upwatch || true
    else
      userdel upwatch || true
    fi
  fi
  if getent group upwatch >/dev/null; then
    if command -v delgroup >/dev/null 2>&1; then
      delgroup --system --quiet upwatch || true
    else
      groupdel upwatch || true
    fi
  fi
  rmdir /etc/upwatch 2>/dev/null || true
fi

exit 0
