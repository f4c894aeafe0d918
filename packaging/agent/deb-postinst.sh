#!/bin/sh
# Creates the upwatch system user, lets it read the configuration, and enables the service
# on first install without starting it: the configuration still needs the agent's key.
set -e

CONFIG=/etc/upwatch/agent.yaml

create_user() {
  getent passwd upwatch >/dev/null && return 0
  if command -v adduser >/dev/null 2>&1; then
    if getent group upwatch >/dev/null; then
      adduser --system --ingroup upwatch --no-create-home --home /nonexistent --quiet upwatch
    else
      adduser --system --group --no-create-home --home /nonexistent --quiet upwatch
    fi
  else
    getent group upwatch >/dev/null || groupadd --system upwatch
    useradd --system --gid upwatch --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin --comment "Upwatch agent" upwatch
  fi
}

if [ "$1" = "configure" ]; then
  create_user
  if [ -e "$CONFIG" ]; then
    chown root:upwatch "$CONFIG"
    chmod 640 "$CONFIG"
  fi
  if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
    if [ -z "$2" ]; then
      systemctl enable upwatch-agent.service || true
    else
      # An upgrade restarts an agent that was running; a stopped one stays stopped.
      systemctl try-restart upwatch-agent.service || true
    fi
  fi
fi

exit 0
