"""``riichi serve``: the game hosted over SSH for several players (issue 13).

Every connection runs its own ``RiichiApp`` (``ServeApp``), drawn through ``SSHDriver`` (or
``WebDriver``) on that connection; every table's ``TableSession`` lives in the same process as
the apps of its players and watchers, shared in memory. With ``--workers N`` (the default: one
per CPU) those apps and tables run in N worker processes, and the listening process (the front)
relays each connection to one of them; with ``--workers 1`` everything runs in the one process.
README "Hosting" says why. Modules:

- ``driver``: the Textual drivers bound to a connection: an SSH channel (size from the pty
  request and window-change messages, colours from TERM) or a browser's websocket;
- ``names``: cleaning player names, short table codes, colour system from TERM;
- ``tables``: ``Table``/``TableSession`` (a game with several human seats, seat handles for
  screens, call timer, drops and returns, journal) and ``Tables`` (the registry, resume);
- ``app``: ``ServeApp`` (one connection's app: lobby, table, watch);
- ``server``: the asyncssh server (host key, authorized keys or --open, limits, logs);
- ``web``: ``--web``: textual-serve's page and each browser tab's websocket;
- ``relay``: the frames between the front and its workers, which worker holds a table code;
- ``front``: the worker processes (start, restart, one lobby across them) and each
  connection's ``Relay`` to its worker (and on to another worker's table: a move);
- ``worker``: a worker process (``python -m app.serve.worker``): its tables and the relayed
  sessions' apps.
"""
