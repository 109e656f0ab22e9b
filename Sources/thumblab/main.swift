import Foundation
import ThumbLab

/// The version `thumblab --version` prints: the library's.
let version = ThumbLabVersion.current

let gettingStarted = """
    ThumbLab \(version) turns the logs of one-handed touchscreen studies into a SQLite
    study database and the analyses papers report.

    Get started:

      Try it on the bundled ThumbSpace-vs-Shift study (writes thumblab-demo/):
        thumblab demo

      Import your logs (trials, touches or questionnaires; CSV, JSON or JSON Lines):
        thumblab import trials.csv responses.csv --study pilot

      Compare techniques on time, with the right test and an APA sentence:
        thumblab compare --factor technique --exclude block=0

      Write the study report (Markdown; --format csv or json):
        thumblab report --out report

    The database is thumblab.sqlite here unless --db PATH or THUMBLAB_DB says so.
    Run 'thumblab --help' for every command, 'thumblab help <command>' for one.

    """

let dispatcher = Dispatcher(
    root: CommandList.root, console: Console(), version: version, gettingStarted: gettingStarted)
exit(dispatcher.run(Array(CommandLine.arguments.dropFirst())))
