#!/usr/bin/python3
"""pychess (Debian's, the desktop program) adding varia as an engine, as
its Edit > Engines > New dialog does, without its window: the dialog's
checks (is_uci, is_cecp on the chosen file with no arguments), then the
engine discoverer, which starts the engine, reads its options or
features and lists the variants pychess will offer with it.

Usage: tests/pychess-engines.py VARIA TMPDIR   (run by tests/run-protocol.sh)
Prints one line per finding: 'bare uci=B cecp=B', then for each wrapper
script 'NAME uci=B cecp=B', then 'NAME PROTOCOL variants=a,b,c' for the
bare binary (varia-bare) and each script."""
import asyncio
import os
import sys

varia, tmp = os.path.abspath(sys.argv[1]), sys.argv[2]
os.environ["HOME"] = tmp  # pychess keeps its engines.json under HOME
os.environ.pop("DISPLAY", None)
from pychess.Players.engineNest import discoverer, is_uci, is_cecp  # noqa: E402
from pychess.Variants import variants  # noqa: E402

print("bare uci=%s cecp=%s" % (is_uci([varia]), is_cecp([varia])), flush=True)
# the binary itself, as the dialog adds it when it passes the UCI check
discoverer.addEngine("varia-bare", varia, "uci", None, None)
for proto in ("uci", "xboard"):
    script = os.path.join(tmp, "varia-" + proto)
    with open(script, "w") as f:
        f.write('#!/bin/sh\nexec "%s" %s "$@"\n' % (varia, proto))
    os.chmod(script, 0o755)
    print("varia-%s uci=%s cecp=%s" % (proto, is_uci([script]), is_cecp([script])), flush=True)
    discoverer.addEngine("varia-" + proto, script, proto, None, None)

loop = asyncio.get_event_loop()


def done(d):
    for e in d.getEngines():
        if e["name"].startswith("varia-"):
            names = sorted({variants[v].cecp_name for v in d.getEngineVariants(e)})
            print("%s %s variants=%s" % (e["name"], e["protocol"], ",".join(names)), flush=True)
    loop.stop()


discoverer.connect("all_engines_discovered", done)
discoverer.discover()
loop.call_later(60, loop.stop)
loop.run_forever()
