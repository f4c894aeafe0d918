#!/bin/sh
# Stops and disables the service when the package is removed (not when it is upgraded).
set -e

if [ "$1" = "remove" ] && [ -d /run/systemd/system ]; then
  systemctl stop upwatch-agent.service || true
  systemctl disable upwatch-agent.service || true
fi

exit 0
