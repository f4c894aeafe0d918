#!/bin/sh
# The agent is one JavaScript file; it runs on the system's Node.js (20 or later).
exec node /usr/lib/upwatch-agent/upwatch-agent.mjs "$@"
