# Enabled on first install, never started: the configuration still needs the agent's key.
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null 2>&1 || :
  if [ "$1" -eq 1 ]; then
    systemctl enable upwatch-agent.service >/dev/null 2>&1 || :
  fi
fi
exit 0
