# On erase (not upgrade): stop and disable the service.
if [ "$1" -eq 0 ] && [ -d /run/systemd/system ]; then
  systemctl stop upwatch-agent.service >/dev/null 2>&1 || :
  systemctl disable upwatch-agent.service >/dev/null 2>&1 || :
fi
exit 0
