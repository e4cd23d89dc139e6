#!/usr/bin/env python3
"""Replay a Kiosk recording (asciicast v2) through a terminal emulator and print its last frame.

usage: replay_cast.py FILE.cast > REPORT.json

The file is opened with the `asciinema` package (the reader asciinema itself uses, so a file it
rejects fails here), every output event is fed to a `pyte` screen of the header's size (resize
events resize it), and the report is {"width", "height", "events", "resizes", "lines"} where lines
are the screen's rows with trailing spaces trimmed. Exit status 3 means a package is missing.
"""
import json
import sys

try:
    import pyte
    from asciinema.asciicast import open_from_url
except ImportError as error:  # pragma: no cover - reported to the Swift test
    print(f"asciinema or pyte is not installed: {error}", file=sys.stderr)
    sys.exit(3)


def main(path):
    with open_from_url(path) as cast:
        if cast.version != 2:
            raise SystemExit(f"{path}: asciicast version {cast.version}, expected 2")
        header = cast.v2_header
        screen = pyte.Screen(header["width"], header["height"])
        stream = pyte.Stream(screen)
        events = resizes = 0
        last_time = 0.0
        for time, kind, data in cast.events():
            if time < last_time:
                raise SystemExit(f"{path}: event at {time} s comes after one at {last_time} s")
            last_time = time
            if kind == "o":
                stream.feed(data)
                events += 1
            elif kind == "r":
                columns, rows = (int(part) for part in data.split("x"))
                screen.resize(rows, columns)
                resizes += 1
    lines = [line.rstrip() for line in screen.display]
    json.dump(
        {"width": header["width"], "height": header["height"], "events": events,
         "resizes": resizes, "lines": lines},
        sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
