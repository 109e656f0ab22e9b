/// What is wrong with a device a call names or registers, or with the devices a selection's
/// trials were recorded on.
public enum DeviceProblem: Equatable, Sendable, CustomStringConvertible {
    /// What an analysis does with the coordinates of the trials, and so why it needs one device.
    public enum Use: Equatable, Sendable {
        /// Touch or target coordinates measured in one space (density, direction, target size).
        case coordinates
        /// Trials placed on one screen map (heatmaps, reach zones).
        case screenMap
        /// Interface elements placed on one device's screen (a layout audit).
        case layoutAudit
    }

    /// A device to register has an empty or blank name.
    case unnamed
    /// The `figure` (`width`, `height`, `px-per-mm` or `scale`) given for `device` is not a
    /// positive number: it is `value`.
    case invalidFigure(device: String, figure: String, value: Double)
    /// A device named `name` is registered already.
    case exists(name: String)
    /// No device named `name` is registered.
    case unknown(name: String)
    /// `device` has the scale `current` already; another scale, `requested`, was asked for.
    case scaleAlreadySet(device: String, current: Double, requested: Double)
    /// No import of `study` names a device `name`; `known` lists the devices they name.
    case notInStudy(name: String, study: String, known: [String], use: Use)
    /// The selected trials were recorded on several devices, `devices` (`nil` for imports
    /// that named none), whose coordinates cannot be pooled for `use`; `trials` holds the
    /// count of trials on each where they were counted, else it is empty.
    case several(devices: [String?], trials: [Int], use: Use)
    /// A layout audit needs the device the trials ran on, and their imports named none.
    case neededForLayoutAudit

    /// The problem in plain words.
    public var description: String {
        switch self {
        case .unnamed:
            return "a device needs a name"
        case .invalidFigure(let device, let figure, let value):
            return "device \(device): \(figure) must be a positive number, found \(value)"
        case .exists(let name):
            return "a device named \(name) already exists; pick another name"
        case .unknown(let name):
            return "unknown device \(name); register it first"
        case .scaleAlreadySet(let device, let current, let requested):
            return "device \(device) has the scale \(NumberText.shortest(current)) already; "
                + "add a device under another name for scale \(NumberText.shortest(requested))"
        case .notInStudy(let name, let study, let known, .coordinates):
            return "study '\(study)' has no trials recorded on a device named '\(name)'; "
                + (known.isEmpty ? "its imports name no device" : "its devices are \(known.joined(separator: ", "))")
        case .notInStudy(let name, let study, let known, _):
            return known.isEmpty
                ? "no import of study \(study) named a device, so there is no device '\(name)'"
                : "study \(study) has no device '\(name)'; its devices: \(known.joined(separator: ", "))"
        case .several:
            return severalText + "; analyse one device at a time"
        case .neededForLayoutAudit:
            return "a layout audit needs the device the trials ran on; import them with a registered device"
        }
    }

    /// For ``several(devices:trials:use:)``, what the devices are and why they are not
    /// pooled, without the remedy; empty for the other cases.
    public var severalText: String {
        guard case .several(let devices, let trials, let use) = self else { return "" }
        switch use {
        case .coordinates:
            let names = devices.map { $0 ?? "(imports without a device)" }
            return "the selected trials were recorded on \(devices.count) devices (\(names.joined(separator: ", "))), "
                + "whose coordinates cannot be pooled"
        case .screenMap:
            let names = zip(devices, trials).map { "\($0 ?? "(no device)") (\(NumberText.grouped($1)) trials)" }
            return "the selection holds trials on \(devices.count) screens, whose coordinates cannot be mapped "
                + "together: " + names.joined(separator: ", ")
        case .layoutAudit:
            return "the selection holds trials on several devices (\(devices.map { $0 ?? "" }.joined(separator: ", ")))"
        }
    }
}
