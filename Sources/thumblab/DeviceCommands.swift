import Foundation
import ThumbLab

/// `thumblab device`: the screens studies ran on, so analyses can speak millimetres.
enum DeviceCommands {
    static let group = CommandSpec(
        name: "device",
        abstract: "Define the devices (screen size and density) that studies ran on.",
        discussion: "A device turns pixels into millimetres. Name it on import with --device NAME.",
        examples: [
            "thumblab device add phone-3.5in --width 320 --height 480 --ppi 163",
            "thumblab device list --format json",
        ])

    static var node: CommandNode {
        CommandNode(group: group, children: [CommandNode(DeviceAddCommand.self), CommandNode(DeviceListCommand.self)])
    }
}

/// `thumblab device add NAME --width PX --height PX (--px-per-mm X | --ppi X)`.
enum DeviceAddCommand: Command {
    static let name = Argument<String>("name", help: "The device's name, used by import --device.")
    static let width = Option<Double>("--width", value: "px", help: "Screen width in pixels.")
    static let height = Option<Double>("--height", value: "px", help: "Screen height in pixels.")
    static let ppi = Option<Double?>("--ppi", value: "ppi", help: "Pixel density in pixels per inch.")
    static let pxPerMM = Option<Double?>("--px-per-mm", value: "x", help: "Pixel density in pixels per millimetre.")
    static let scale = Option<Double?>(
        "--scale", value: "x",
        help: "Pixels per pt or dp (2 on a 2x screen), for imports with --units pt or dp.")

    static let spec = CommandSpec(
        name: "add",
        abstract: "Add a device: its screen in pixels and its pixel density.",
        discussion:
            "Give the density either as --ppi (pixels per inch) or as --px-per-mm. Adding a device that exists with the same figures changes nothing; adding it again with a --scale gives it the scale it lacked.",
        arguments: [name],
        options: [width, height, ppi, pxPerMM, scale, SharedOptions.textOrJSON, SharedOptions.database],
        examples: [
            "thumblab device add phone-3.5in --width 320 --height 480 --ppi 163",
            "thumblab device add tablet --width 1536 --height 2048 --px-per-mm 10.35",
            "thumblab device add iphone-8 --width 750 --height 1334 --ppi 326 --scale 2",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let name = arguments[Self.name]
        let width = arguments[Self.width]
        let height = arguments[Self.height]
        guard width > 0 else {
            throw CLIError.usage("--width expects the screen width in pixels, a number above 0.")
        }
        guard height > 0 else {
            throw CLIError.usage("--height expects the screen height in pixels, a number above 0.")
        }
        let ppi = arguments[Self.ppi]
        let pxPerMM = arguments[Self.pxPerMM]
        if ppi != nil, pxPerMM != nil {
            throw CLIError.usage("Give the density once: --ppi or --px-per-mm, not both.")
        }
        guard let density = ppi.map({ $0 / 25.4 }) ?? pxPerMM else {
            throw CLIError.usage("Missing the density: --ppi <ppi> or --px-per-mm <x> (a number above 0).")
        }
        guard density > 0 else {
            throw CLIError.usage("\(ppi == nil ? "--px-per-mm" : "--ppi") expects a pixel density above 0.")
        }
        let scale = arguments[Self.scale]
        if let scale, scale <= 0 {
            throw CLIError.usage("--scale expects the pixels per pt or dp, a number above 0 (2 on a 2x screen).")
        }
        let device = Device(name: name, widthPx: width, heightPx: height, pxPerMM: density, scale: scale)
        let database = try arguments.openDatabase(console: console)
        if let existing = try database.device(named: name) {
            // Leaving out --scale keeps the scale the device has; a device without one gets it.
            var merged = existing
            merged.scale = existing.scale ?? scale
            var given = device
            given.scale = scale ?? existing.scale
            guard merged == given else { throw CLIError.deviceExists(existing) }
            let lackedScale = existing.scale == nil && scale != nil
            if lackedScale, let scale { try database.setScale(scale, ofDevice: name) }
            report(merged, change: lackedScale ? .scaled : .unchanged, arguments: arguments, console: console)
            return
        }
        try database.addDevice(device)
        report(device, change: .added, arguments: arguments, console: console)
    }

    /// What `device add` did.
    private enum Change {
        case added, scaled, unchanged
    }

    private static func report(_ device: Device, change: Change, arguments: ParsedArguments, console: Console) {
        switch arguments[SharedOptions.textOrJSON] {
        case .json:
            console.print(
                .object([
                    ("added", .bool(change == .added)), ("device", DeviceTable.json(device)),
                    ("scale_added", .bool(change == .scaled)),
                ]))
        default:
            switch change {
            case .added: console.out("Added device '\(device.name)': \(DeviceTable.summary(device)).\n")
            case .scaled:
                console.out("Gave device '\(device.name)' its scale: \(DeviceTable.summary(device)).\n")
            case .unchanged:
                console.out("Device '\(device.name)' already exists with these figures; nothing changed.\n")
            }
        }
    }
}

/// `thumblab device list`.
enum DeviceListCommand: Command {

    static let spec = CommandSpec(
        name: "list",
        abstract: "List the devices the database knows.",
        options: SharedOptions.tableOutput,
        examples: [
            "thumblab device list", "thumblab device list --format csv", "thumblab device list --out devices.md",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        try arguments.deliverTable(console: console) { database, _ in
            DeviceTable.table(try database.devices())
        }
    }
}
