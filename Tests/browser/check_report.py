#!/usr/bin/env python3
"""Opens the HTML study report in headless Chromium through the DevTools protocol and
checks what a reader meets: no console errors, no network requests (only file: and data:
URLs), every figure drawn with a non-empty box, every figure and image named and every
table captioned in the accessibility tree; the optional script sorts a table. Writes a screenshot of the top of the page
(SCREENSHOT), of the first figure (NAME-figure-1.png) and of the top in dark mode
(NAME-dark.png).

Usage: check_report.py REPORT.html SCREENSHOT.png [--chromium PATH]
Needs the websocket-client package. Exits 1 with the failures listed.
"""

import argparse
import base64
import contextlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import websocket


class DevTools:
    """One page's DevTools session: commands by id, events kept in order."""

    # How long a command may take to answer: generous, since the browser shares a
    # loaded machine with the build.
    COMMAND_TIMEOUT = 120

    def __init__(self, url):
        self.socket = websocket.create_connection(url, timeout=self.COMMAND_TIMEOUT, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method, seconds):
        deadline = time.time() + seconds
        try:
            while time.time() < deadline:
                if any(event["method"] == method for event in self.events):
                    return True
                self.socket.settimeout(max(deadline - time.time(), 0.1))
                try:
                    message = json.loads(self.socket.recv())
                except websocket.WebSocketTimeoutException:
                    break
                if "method" in message:
                    self.events.append(message)
            return any(event["method"] == method for event in self.events)
        finally:
            # The short wait must not become the limit of the commands that follow.
            self.socket.settimeout(self.COMMAND_TIMEOUT)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"evaluating {expression!r}: {result['exceptionDetails']}")
        return result["result"]["value"]


def start_chromium(binary, profile):
    command = [
        binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--remote-debugging-port=0", "--remote-allow-origins=*", f"--user-data-dir={profile}",
        "--window-size=1280,1600", "about:blank",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = pathlib.Path(profile) / "DevToolsActivePort"
    deadline = time.time() + 60
    while time.time() < deadline:
        if port_file.exists():
            lines = port_file.read_text().split("\n")
            if len(lines) >= 2 and lines[0].strip():
                return process, int(lines[0])
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited with status {process.returncode} before it listened")
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("chromium did not open its DevTools port within 60 s")


def page_socket(port):
    """The WebSocket URL of the first page target, from the DevTools HTTP endpoint on localhost."""
    import urllib.request

    deadline = time.time() + 30
    while time.time() < deadline:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            targets = json.load(response)
        pages = [target for target in targets if target.get("type") == "page"]
        if pages:
            return pages[0]["webSocketDebuggerUrl"]
        time.sleep(0.2)
    raise RuntimeError("chromium has no page to load the report in")


def check(session, report_url):
    failures = []
    for domain in ["Page", "Runtime", "Log", "Network"]:
        session.call(f"{domain}.enable")
    session.call("Page.navigate", url=report_url)
    if not session.wait_for("Page.loadEventFired", 60):
        failures.append("the page did not finish loading within 60 s")
    # Let late console messages and requests arrive.
    session.wait_for("never.arrives", 1.0)

    # The optional script: every header becomes a button, and a click sorts the rows.
    sorting = session.evaluate(
        """(function () {
             var table = document.querySelector("table.sortable");
             var buttons = document.querySelectorAll("table.sortable thead th button").length;
             var headers = document.querySelectorAll("table.sortable thead th").length;
             var first = function () { return Array.prototype.map.call(table.tBodies[0].rows,
                 function (row) { return row.cells[0].textContent; }).join("|"); };
             var button = table.querySelector("thead th button");
             button.click();
             var ascending = first();
             button.click();
             var descending = first();
             return {buttons: buttons, headers: headers, sorted: ascending !== descending,
                     order: table.querySelector("thead th").getAttribute("aria-sort")};
           })()""")
    if sorting["buttons"] != sorting["headers"] or not sorting["sorted"] or sorting["order"] != "descending":
        failures.append(f"the table-sorting script did not sort: {sorting}")

    for event in session.events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
            failures.append(f"console {params['type']}: {text}")
        elif method == "Runtime.exceptionThrown":
            failures.append(f"uncaught exception: {params['exceptionDetails'].get('text')}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            failures.append(f"log error: {params['entry'].get('text')} ({params['entry'].get('url', '')})")
        elif method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            if not (url.startswith("file:") or url.startswith("data:")):
                failures.append(f"network request: {url}")

    figures = session.evaluate(
        """Array.from(document.querySelectorAll("figure")).map(function (figure) {
             var svg = figure.querySelector("svg");
             var box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
             var drawn = svg ? svg.getBBox() : {width: 0, height: 0};
             return {id: figure.id, width: box.width, height: box.height,
                     drawnWidth: drawn.width, drawnHeight: drawn.height,
                     caption: figure.querySelector("figcaption") ? figure.querySelector("figcaption").textContent : ""};
           })""")
    if not figures:
        failures.append("the page has no figures")
    for figure in figures:
        if min(figure["width"], figure["height"], figure["drawnWidth"], figure["drawnHeight"]) <= 0:
            failures.append(f"{figure['id']} is not drawn: {figure}")
        if not figure["caption"].strip():
            failures.append(f"{figure['id']} has no caption")
    tables = session.evaluate('document.querySelectorAll("table").length')

    tree = session.call("Accessibility.getFullAXTree")["nodes"]

    def role(node):
        return node.get("role", {}).get("value", "")

    def name(node):
        return str(node.get("name", {}).get("value", "")).strip()

    named = {"figure": 0, "image": 0, "table": 0}
    for node in tree:
        if node.get("ignored"):
            continue
        kind = role(node)
        if kind in named:
            if name(node):
                named[kind] += 1
            else:
                failures.append(f"accessibility tree: a {kind} without a name (node {node.get('nodeId')})")
    if named["figure"] != len(figures):
        failures.append(f"accessibility tree: {named['figure']} named figures, the page has {len(figures)}")
    if named["image"] < len(figures):
        failures.append(f"accessibility tree: {named['image']} named images for {len(figures)} figures")
    if named["table"] != tables:
        failures.append(f"accessibility tree: {named['table']} captioned tables, the page has {tables}")
    return failures, len(figures), tables


def screenshot(session, path, selector=None):
    """The viewport, or the element `selector` names wherever it is on the page."""
    options = {"format": "png"}
    if selector:
        box = session.evaluate(
            f"""(function () {{ var e = document.querySelector({json.dumps(selector)}); e.scrollIntoView();
                 var r = e.getBoundingClientRect();
                 return {{x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height}}; }})()""")
        options.update(clip=dict(box, scale=1))
    shot = session.call("Page.captureScreenshot", **options)
    pathlib.Path(path).write_bytes(base64.b64decode(shot["data"]))


@contextlib.contextmanager
def chromium_profile():
    """A fresh profile folder, removed afterwards; Chromium's helper processes may still be
    writing into it for a moment after the browser has quit, so removal is retried."""
    profile = tempfile.mkdtemp(prefix="thumblab-chromium-")
    try:
        yield profile
    finally:
        for _ in range(20):
            shutil.rmtree(profile, ignore_errors=True)
            if not os.path.exists(profile):
                break
            time.sleep(0.25)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report")
    parser.add_argument("screenshot")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser"))
    arguments = parser.parse_args()
    if not arguments.chromium:
        print("check_report.py: no chromium on the PATH; give one with --chromium", file=sys.stderr)
        return 2
    report = pathlib.Path(arguments.report).resolve()
    if not report.is_file():
        print(f"check_report.py: no report at {report}", file=sys.stderr)
        return 2
    started = time.time()
    with chromium_profile() as profile:
        process, port = start_chromium(arguments.chromium, profile)
        try:
            session = DevTools(page_socket(port))
            failures, figures, tables = check(session, report.as_uri())
            screenshot(session, arguments.screenshot)
            shots = pathlib.Path(arguments.screenshot)
            if figures:
                screenshot(session, shots.with_name(shots.stem + "-figure-1" + shots.suffix), "figure")
            session.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": "dark"}])
            screenshot(session, shots.with_name(shots.stem + "-dark" + shots.suffix))
            session.socket.close()
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    if failures:
        print(f"check_report.py: {report} fails {len(failures)} checks:", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    print(
        f"check_report.py: {report}: {figures} figures drawn and named, {tables} tables captioned, "
        f"no console errors, no network requests; screenshot {arguments.screenshot} "
        f"({time.time() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
