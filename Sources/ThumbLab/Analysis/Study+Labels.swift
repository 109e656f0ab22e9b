import Foundation

extension Study {
    /// How the study's factors and levels are shown: the labels stored with
    /// ``setLabel(_:factor:study:)`` and ``setLabel(_:level:of:study:)``, and words for the
    /// rest. `study` `nil` names the database's only study.
    /// - Throws: ``ThumbLabError/study(_:)`` for an unknown study, or when `study` is `nil`
    ///   and the database holds none or several.
    public func displayNames(study: String? = nil) throws -> DisplayNames {
        try database.storedLabels(study: study ?? database.onlyStudy())
    }

    /// Makes `label` the name readers see for `factor` in tables, figures and sentences;
    /// `nil` clears it, so that the factor is shown by its name in words. The label is
    /// stored without surrounding white space.
    /// - Throws: ``ThumbLabError/selection(_:)`` for a factor the study does not have
    ///   (listing its factors), ``ThumbLabError/study(_:)`` for an empty label or an
    ///   unknown study.
    public func setLabel(_ label: String?, factor: String, study: String? = nil) throws {
        let name = try study ?? database.onlyStudy()
        let text = try Self.checkedLabel(label, factor: factor, level: nil)
        let layout = try database.layout(study: name, withBlocks: false)
        guard layout.factorIndex(factor) != nil else {
            throw ThumbLabError.selection(
                .unknownFactor(name: factor, study: name, known: layout.factors.map(\.name), blockAllowed: false))
        }
        try database.storeLabel(text, factor: factor, study: name)
    }

    /// Makes `label` the name readers see for `level` of `factor`; `nil` clears it, so that
    /// the level is shown as stored. The label is stored without surrounding white space.
    /// - Throws: ``ThumbLabError/selection(_:)`` for a factor or level the study does not
    ///   have (listing the known ones), ``ThumbLabError/study(_:)`` for an empty label or
    ///   an unknown study.
    public func setLabel(_ label: String?, level: String, of factor: String, study: String? = nil) throws {
        let name = try study ?? database.onlyStudy()
        let text = try Self.checkedLabel(label, factor: factor, level: level)
        let layout = try database.layout(study: name, withBlocks: false)
        guard let index = layout.factorIndex(factor) else {
            throw ThumbLabError.selection(
                .unknownFactor(name: factor, study: name, known: layout.factors.map(\.name), blockAllowed: false))
        }
        let levels = layout.factors[index].levels
        guard levels.contains(level) else {
            throw ThumbLabError.selection(.unknownLevel(factor: factor, level: level, known: levels))
        }
        try database.storeLabel(text, level: level, of: factor, study: name)
    }

    /// `label` without surrounding white space; `nil` stays `nil`.
    private static func checkedLabel(_ label: String?, factor: String, level: String?) throws -> String? {
        guard let label else { return nil }
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ThumbLabError.study(.emptyLabel(factor: factor, level: level)) }
        return trimmed
    }
}
