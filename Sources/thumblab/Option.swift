/// A command-line option with a value, declared once with its type and read through that
/// declaration: `arguments[Self.study]`. A misspelt declaration name does not compile.
///
/// What the command reads depends on how the option is declared, as with
/// swift-argument-parser's `@Option`:
///
/// ```swift
/// static let study = Option<String>("--study", value: "name", default: "default", help: "...")
/// static let width = Option<Double>("--width", value: "px", help: "...")      // required
/// static let kind = Option<RowKind?>("--kind", value: "kind", help: "...")   // may be absent
/// static let ignore = Option<[String]>("--ignore", value: "column", help: "...")  // repeats
/// ```
///
/// Values are read and checked while the command line is parsed, so a bad number or a
/// word outside an enum's cases is a usage error naming the option before the command
/// runs.
struct Option<Value: Sendable>: OptionDeclaration {
    private(set) var info: OptionInfo
    /// Builds what the command reads from the values given, in command-line order.
    let read: @Sendable ([any Sendable]) -> Value

    /// Marks the option as one that may also come before the subcommand, as in
    /// `thumblab --db studies/pilot.sqlite info`.
    func global() -> Option {
        var copy = self
        copy.info.isGlobal = true
        return copy
    }

    private init(info: OptionInfo, read: @escaping @Sendable ([any Sendable]) -> Value) {
        self.info = info
        self.read = read
    }
}

extension Option where Value: ExpressibleByArgument {
    /// An option with a default: reads as the value given, else `defaultValue`.
    /// - Parameters:
    ///   - names: its spellings, such as `"--format"` or `"-f", "--format"`.
    ///   - valueName: the placeholder help shows, `<valueName>`.
    ///   - defaultValue: the value when the option is absent; help states it.
    ///   - choices: the values accepted, when fewer than all of an enum's cases.
    ///   - help: one sentence for the help text.
    init(
        _ names: String..., value valueName: String, default defaultValue: Value, choices: [Value]? = nil,
        help: String
    ) {
        self.init(
            info: OptionInfo(
                names: names, valueName: valueName, help: help, type: Value.self, choices: choices,
                defaultDescription: defaultValue.argumentText),
            read: { ($0.last as? Value) ?? defaultValue })
    }

    /// A required option: the command line is refused without it.
    init(_ names: String..., value valueName: String, choices: [Value]? = nil, help: String) {
        var info = OptionInfo(names: names, valueName: valueName, help: help, type: Value.self, choices: choices)
        info.isRequired = true
        self.init(
            info: info,
            read: { values in
                guard let value = values.last as? Value else {
                    preconditionFailure("the parser refuses a command line without \(names.last ?? "")")
                }
                return value
            })
    }
}

extension Option {
    /// An option that may be absent: reads as `nil` then.
    /// - Parameter defaultDescription: what happens without the option, as help states it
    ///   (`$THUMBLAB_DB, else thumblab.sqlite`), when there is something to say.
    init<Wrapped: ExpressibleByArgument>(
        _ names: String..., value valueName: String, choices: [Wrapped]? = nil, help: String,
        defaultDescription: String? = nil
    ) where Value == Wrapped? {
        self.init(
            info: OptionInfo(
                names: names, valueName: valueName, help: help, type: Wrapped.self, choices: choices,
                defaultDescription: defaultDescription),
            read: { $0.last as? Wrapped })
    }

    /// An option that may be given more than once (`--map a=b --map c=d`): reads as every
    /// value given, in order, and as an empty array when it is absent.
    init<Element: ExpressibleByArgument>(
        _ names: String..., value valueName: String, choices: [Element]? = nil, help: String
    ) where Value == [Element] {
        var info = OptionInfo(names: names, valueName: valueName, help: help, type: Element.self, choices: choices)
        info.repeats = true
        self.init(info: info, read: { $0.compactMap { $0 as? Element } })
    }
}

/// An option without a value, such as `--dry-run`: reads as `true` when given.
struct Flag: OptionDeclaration {
    let info: OptionInfo

    /// - Parameters:
    ///   - names: its spellings, such as `"--dry-run"` or `"-h", "--help"`.
    ///   - help: one sentence for the help text.
    init(_ names: String..., help: String) {
        info = OptionInfo(names: names, help: help)
    }
}

/// A positional argument, declared once with its type and read through that declaration:
/// `arguments[Self.files]`. `Argument<String>` is required, `Argument<String?>` may be
/// absent, and `Argument<[String]>` takes one or more words (it must come last).
struct Argument<Value: Sendable>: ArgumentDeclaration {
    let info: ArgumentInfo
    /// Builds what the command reads from the words the argument received.
    let read: @Sendable ([any Sendable]) -> Value

    private init(info: ArgumentInfo, read: @escaping @Sendable ([any Sendable]) -> Value) {
        self.info = info
        self.read = read
    }
}

extension Argument where Value: ExpressibleByArgument {
    /// A required argument of one word; help shows it as `<name>`.
    init(_ name: String, help: String) {
        self.init(
            info: ArgumentInfo(name: name, help: help, type: Value.self),
            read: { values in
                guard let value = values.first as? Value else {
                    preconditionFailure("the parser refuses a command line without <\(name)>")
                }
                return value
            })
    }
}

extension Argument {
    /// An argument that may be left out; reads as `nil` then.
    init<Wrapped: ExpressibleByArgument>(_ name: String, help: String) where Value == Wrapped? {
        var info = ArgumentInfo(name: name, help: help, type: Wrapped.self)
        info.isOptional = true
        self.init(info: info, read: { $0.first as? Wrapped })
    }

    /// An argument of one or more words, such as `<file> ...`.
    init<Element: ExpressibleByArgument>(_ name: String, help: String) where Value == [Element] {
        var info = ArgumentInfo(name: name, help: help, type: Element.self)
        info.repeats = true
        self.init(info: info, read: { $0.compactMap { $0 as? Element } })
    }
}
