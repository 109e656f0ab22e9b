import Foundation

/// The version `thumblab --version` prints.
let version = "0.1.0"

let gettingStarted = """
    ThumbLab \(version) turns the logs of one-handed touchscreen studies into a SQLite
    study database.

    Get started with three commands:

      Import logs (trials, touches or questionnaires; CSV, JSON or JSON Lines):
        thumblab import Datasets/thumbspace-vs-shift/trials.csv --study thumbspace

      See what the database holds (counts, factors and their levels):
        thumblab info

      List the imports, and take one back:
        thumblab batches
        thumblab undo 1

    The database is thumblab.sqlite here unless --db PATH or THUMBLAB_DB says so.
    Run 'thumblab --help' for every command, 'thumblab help <command>' for one.

    """

let dispatcher = Dispatcher(
    root: CommandList.root, console: Console(), version: version, gettingStarted: gettingStarted)
exit(dispatcher.run(Array(CommandLine.arguments.dropFirst())))
