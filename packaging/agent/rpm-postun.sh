# An upgrade restarts an agent that was running; a stopped one stays stopped.
if [ -d /run/systemd/system ]; then
  systemctl daemon-reload >/dev/null 2>&1 || :
  if [ "$1" -ge 1 ]; then
    systemctl try-restart upwatch-agent.service >/dev/null 2>&1 || :
  fi
fi
exit 0
