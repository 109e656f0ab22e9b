import ThumbLab

/// The sentences the CLI prints for the library's typed errors: the library's own words,
/// with the option or command to use where there is one.
enum ErrorWording {
    /// The sentence for `error`, or `nil` for the cases ``ErrorReport`` words itself
    /// (input data, files, the database).
    static func sentence(_ error: ThumbLabError) -> String? {
        switch error {
        case .study(let problem): sentence(problem)
        case .selection(let problem): sentence(problem)
        case .device(let problem): sentence(problem)
        case .design(let problem): sentence(problem)
        case .comparison(let problem): sentence(problem)
        case .parameter(let problem): sentence(problem)
        case .analysis(let problem): sentence(problem)
        case .fitts(let problem): sentence(problem)
        case .batch(let problem): sentence(problem)
        case .figure(let problem): problem.description
        case .output(let problem): problem.description
        default: nil
        }
    }

    /// The sentence for a ``StudyProblem``.
    static func sentence(_ problem: StudyProblem) -> String {
        switch problem {
        case .notChosen(let known):
            "the database holds \(known.count) studies (\(known.joined(separator: ", "))); choose one with --study"
        default: problem.description
        }
    }

    /// The sentence for a ``SelectionProblem``.
    static func sentence(_ problem: SelectionProblem) -> String {
        guard case .empty(let empty) = problem else { return problem.description }
        let check = "check --where, --exclude and --device"
        switch empty.wanted {
        case .trials: return "the selection holds no trials; \(filters(empty))"
        case .fittsTrials: return "the selection holds no trial; check --where and --exclude"
        case .directionTrials: return "the selection holds no trial; \(check)"
        case .data(let measure): return "the selection holds no data for \(measure); \(filters(empty))"
        case .level(let factor, let level):
            return "the selection has no trials at \(factor)=\(level); \(filters(empty))"
        case .screenPosition(nil): return "the selection places no trial on the screen; \(filters(empty))"
        case .screenPosition: return empty.description
        case .targetSize(let factor):
            return "the selection holds no trial with a target size"
                + (factor.map { " (a level of \($0))" } ?? " (target_width or target_height)") + "; \(check)"
        case .touchPoint:
            return "the selection holds no trial with a touch point (touch_x, touch_y)"
                + (empty.device.map { " on device '\($0)'" } ?? "")
                + "; \(check), or import a log with touch coordinates"
        }
    }

    /// The filters of an empty selection as the options that gave them.
    private static func filters(_ empty: EmptySelection) -> String {
        let options = empty.keep.map { "--where \($0)" } + empty.exclude.map { "--exclude \($0)" }
        return options.isEmpty
            ? "the study has no trials with that measure" : "check the filters " + options.joined(separator: " ")
    }

    /// The sentence for a ``DeviceProblem``.
    static func sentence(_ problem: DeviceProblem) -> String {
        switch problem {
        case .unnamed:
            return "a device needs a name, for example `thumblab device add iphone-se ...`"
        case .exists(let name):
            return "a device named \(name) already exists; `thumblab device list` shows it, pick another name"
        case .unknown(let name):
            return "unknown device \(name); `thumblab device list` shows the devices"
        case .notInStudy(let name, let study, let known, .coordinates):
            return "study '\(study)' has no trials recorded on a device named '\(name)'; "
                + (known.isEmpty
                    ? "its imports name no device (import with --device NAME after thumblab device add)"
                    : "its devices are \(known.joined(separator: ", "))")
        case .notInStudy(let name, let study, let known, _) where known.isEmpty:
            return "no import of study \(study) named a device, so there is no device '\(name)'; leave --device out"
        case .several(_, _, .screenMap):
            return problem.severalText + "; choose one with --device NAME (or a --where filter)"
        case .several:
            return problem.severalText + "; choose one with --device NAME"
        case .neededForLayoutAudit:
            return "a layout audit needs the device the trials ran on; import them with --device NAME "
                + "(thumblab device add first)"
        default:
            return problem.description
        }
    }

    /// The sentence for a ``BatchProblem``.
    static func sentence(_ problem: BatchProblem) -> String {
        switch problem {
        case .unknown(let id): "there is no batch \(id); `thumblab batches` lists the imports"
        default: problem.description
        }
    }
}
