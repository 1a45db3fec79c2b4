"""``riichi serve``: the game hosted over SSH for several players (issue 13).

Every SSH connection runs its own ``RiichiApp`` (``ServeApp``) inside the server process, drawn
through ``SSHDriver`` on that connection's channel; every table's ``TableSession`` lives in the
same process, shared in memory by the screens of its players and watchers. README "Hosting"
says why (one process, no protocol between app and table). Modules:

- ``driver``: the Textual drivers bound to a connection: an SSH channel (size from the pty
  request and window-change messages, colours from TERM) or a browser's websocket;
- ``names``: cleaning player names, short table codes, colour system from TERM;
- ``tables``: ``Table``/``TableSession`` (a game with several human seats, seat handles for
  screens, call timer, drops and returns, journal) and ``Tables`` (the registry, resume);
- ``app``: ``ServeApp`` (one connection's app: lobby, table, watch);
- ``server``: the asyncssh server (host key, authorized keys or --open, limits, logs);
- ``web``: ``--web``: textual-serve's page and each browser tab's websocket, in this process.
"""
