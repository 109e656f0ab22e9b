#!/usr/bin/env python3
"""Lists the public API that has no documentation comment, and fails when there is any.

    undocumented.py [--root REPO] GRAPH_OR_FOLDER...

Reads Swift symbol graphs (`*.symbols.json`, as `swift build -Xswiftc -emit-symbol-graph`
writes them; a folder stands for every graph in it) and prints one line per undocumented
symbol, `path:line symbol`, the path relative to REPO (default: the current directory),
sorted by path and line, then a count. Exits 1 when it printed any symbol, 2 when a graph
cannot be read or none was given.

The rule. A symbol must have a `///` comment with some text when it is
- `public` or `open`, and
- written in the source: it has a source location (the compiler's synthesized members,
  such as `allCases` or `init(from:)` of a `Codable` type, have none),
and it is none of these, whose meaning the language or the standard library gives:
- an operator (`==`, `<`, ...: kind `swift.func.op`),
- `hash(into:)` and `hashValue` of `Hashable`,
- `rawValue` and `init(rawValue:)` of `RawRepresentable`,
- a member that implements a requirement of a protocol declared in another module, such
  as `description` of `CustomStringConvertible`: DocC shows that protocol's documentation
  for it (the graph's `memberOf` relationship names the requirement as `sourceOrigin`).
A symbol that appears in several graphs (a module's and its extension graphs) counts once.

Python 3 standard library only.
"""

import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

EXEMPT_NAMES = {"hash(into:)", "hashValue", "rawValue", "init(rawValue:)"}
PUBLIC = {"public", "open"}


def graph_files(arguments):
    """The graph files named, folders expanded to the `*.symbols.json` files they hold."""
    files = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            files.extend(sorted(path.glob("*.symbols.json")))
        elif path.is_file():
            files.append(path)
        else:
            raise SystemExit(f"undocumented.py: no symbol graph at {argument}")
    if not files:
        raise SystemExit("undocumented.py: no symbol graphs given (emit them with -emit-symbol-graph)")
    return files


def has_documentation(symbol):
    """Whether the symbol carries a doc comment with at least one non-blank line."""
    lines = (symbol.get("docComment") or {}).get("lines", [])
    return any(line.get("text", "").strip() for line in lines)


def foreign_requirements(graph):
    """The symbols that implement a requirement of a protocol of another module. A
    requirement's identifier is a mangled name that starts with its module's, `s:8ThumbLab`
    for ThumbLab (`s:s` for the standard library)."""
    module = graph["module"]["name"]
    own = f"s:{len(module)}{module}"
    return {
        relation["source"]
        for relation in graph.get("relationships", [])
        if relation["kind"] == "memberOf"
        and "sourceOrigin" in relation
        and not relation["sourceOrigin"]["identifier"].startswith(own)
    }


def needs_documentation(symbol, inherited):
    """The rule of the header: public, written in the source, not exempt."""
    if symbol["identifier"]["precise"] in inherited:
        return False
    if symbol.get("accessLevel") not in PUBLIC:
        return False
    if "location" not in symbol:
        return False
    if symbol["kind"]["identifier"] == "swift.func.op":
        return False
    return symbol["names"]["title"] not in EXEMPT_NAMES


def source_path(location, root):
    """The declaring file relative to the repository root when it lies inside it."""
    path = Path(unquote(urlparse(location["uri"]).path))
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


def undocumented(files, root):
    """(path, line, symbol) of every symbol that needs documentation and has none."""
    seen = set()
    found = []
    for file in files:
        try:
            graph = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"undocumented.py: cannot read {file}: {error}", file=sys.stderr)
            sys.exit(2)
        inherited = foreign_requirements(graph)
        for symbol in graph.get("symbols", []):
            identifier = symbol["identifier"]["precise"]
            if identifier in seen or not needs_documentation(symbol, inherited) or has_documentation(symbol):
                continue
            seen.add(identifier)
            location = symbol["location"]
            line = location.get("position", {}).get("line", 0) + 1  # graphs count lines from 0
            name = ".".join(symbol.get("pathComponents") or [symbol["names"]["title"]])
            found.append((source_path(location, root), line, name))
    return sorted(found)


def main(arguments):
    root = Path.cwd()
    if arguments[:1] == ["--root"]:
        if len(arguments) < 2:
            raise SystemExit(__doc__)
        root = Path(arguments[1])
        arguments = arguments[2:]
    files = graph_files(arguments)
    missing = undocumented(files, root.resolve())
    for path, line, name in missing:
        print(f"{path}:{line} {name}")
    print(f"{len(missing)} undocumented public symbols in {len(files)} symbol graphs")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
