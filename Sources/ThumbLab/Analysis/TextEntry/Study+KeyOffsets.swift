import Foundation

/// Where taps land on one key: the offset of the touch point from the key's centre, in the
/// log's screen units (x to the right, y downwards).
public struct KeyOffset: Sendable, Equatable {
    /// The key's name (`a`, `Space`, `Backspace`).
    public var key: String
    /// The key's centre (the mean of the centres its taps give, which a keyboard keeps fixed).
    public var centreX: Double
    /// The centre's y.
    public var centreY: Double
    /// The taps on the key.
    public var taps: Int
    /// The mean horizontal offset: positive when taps land right of the centre.
    public var meanDX: Double
    /// The mean vertical offset: positive when taps land below the centre.
    public var meanDY: Double
    /// The SD (n − 1) of the horizontal offsets; NaN for a single tap.
    public var sdDX: Double
    /// The SD of the vertical offsets.
    public var sdDY: Double
}

/// One condition's key offsets.
public struct KeyOffsetMap: Sendable, Equatable {
    /// The condition's level of each factor of ``KeyOffsetReport/factors``.
    public var levels: [String?]
    /// The participants with taps in the condition.
    public var participants: Int
    /// Every tap of the condition, pooled over keys (named `all keys`, its centre NaN).
    public var all: KeyOffset
    /// Each key, in reading order: by rows of centres from the top, left to right.
    public var keys: [KeyOffset]
}

/// Key-press offsets of a text-entry study: for each condition and key, where the touch
/// points of the selected phrases' key taps lie relative to the key's centre.
public struct KeyOffsetReport: Sendable, Equatable {
    /// The selection, as every output states it (its trials are the phrases with taps).
    public var selection: SelectionSummary
    /// The factors that make a condition.
    public var factors: [String]
    /// One map per condition with taps, in the order of the study's levels.
    public var maps: [KeyOffsetMap]
    /// Taps of the selected phrases left out for want of a key centre.
    public var tapsWithoutCentre: Int
    /// How factors and levels are shown.
    public var names: DisplayNames
    /// What was done, in words, for a Methods section.
    public var methods: String
    /// One sentence per condition, for a Results section.
    public var sentences: [String]

    /// `thumb / sitting`: a map's levels by their display names.
    public func conditionName(_ map: KeyOffsetMap) -> String {
        zip(factors, map.levels).map { names.level($1 ?? FactorLevels.missingLabel, of: $0) }.joined(separator: " / ")
    }
}

extension Study {
    /// The key-press offsets of the selected phrases' key taps: for each condition, the mean
    /// and SD of the touch point's offset from the key's centre, per key and over all keys.
    /// Taps without a key centre are counted and left out. The selection's conditions,
    /// blocks and ranges apply; its cleaning judges speeds and times, not places, and does not.
    /// - Throws: ``ThumbLabError`` for an unknown study, factor or level, or
    ///   ``ParameterProblem/noKeyTapsWithCentres(phrases:)`` when no selected phrase has a tap
    ///   with a centre.
    public func keyOffsets(selection: Selection = Selection()) throws -> KeyOffsetReport {
        var plain = selection
        plain.outliers = nil
        plain.timeTrials = .all
        let resolved = try resolve(plain, measuring: .phrase(.wpm))
        // condition -> key -> taps, and condition -> every tap in the order read
        var offsets: [Int64: [String: TapOffsets]] = [:]
        var pooled: [Int64: TapOffsets] = [:]
        var participants: [Int64: Set<Int64>] = [:]
        var phrases: Set<Int64> = []
        var everyParticipant: Set<Int64> = []
        var withoutCentre = 0
        try database.forEachKeyTap(resolved.trialQuery) { stored in
            let tap = stored.tap
            guard let cx = tap.centreX, let cy = tap.centreY else {
                withoutCentre += 1
                return
            }
            offsets[stored.conditionID, default: [:]][tap.key, default: TapOffsets()].add(tap, centreX: cx, centreY: cy)
            pooled[stored.conditionID, default: TapOffsets()].add(tap, centreX: cx, centreY: cy)
            participants[stored.conditionID, default: []].insert(stored.participantID)
            phrases.insert(stored.trialID)
            everyParticipant.insert(stored.participantID)
        }
        guard !offsets.isEmpty else {
            var selected = 0
            try database.forEachTrial(resolved.trialQuery, fields: []) { _ in selected += 1 }
            throw ThumbLabError.parameter(.noKeyTapsWithCentres(phrases: selected))
        }
        let layout = resolved.layout
        var maps: [KeyOffsetMap] = offsets.map { condition, keys in
            let offsets = Self.readingOrder(keys.map { $1.offset(key: $0) })
            var all = (pooled[condition] ?? TapOffsets()).offset(key: "all keys")
            (all.centreX, all.centreY) = (.nan, .nan)
            return KeyOffsetMap(
                levels: layout.conditions[condition] ?? [], participants: participants[condition]?.count ?? 0, all: all,
                keys: offsets)
        }
        maps.sort { layout.levelRanks($0.levels).lexicographicallyPrecedes(layout.levelRanks($1.levels)) }
        let summary = SelectionSummary(resolved, trials: phrases.count, participants: everyParticipant.count)
        var report = KeyOffsetReport(
            selection: summary, factors: layout.factors.map(\.name), maps: maps, tapsWithoutCentre: withoutCentre,
            names: resolved.names, methods: "", sentences: [])
        report.methods =
            "Key-press offsets: for each condition and key, the mean and SD (n − 1) of the touch point's offset from "
            + "the centre of the key the keyboard registered, pooled over the condition's taps, in the log's screen "
            + "units (x to the right, y downwards)"
            + (withoutCentre > 0
                ? "; \(SelectionSummary.counted(withoutCentre, "tap", "taps")) without a key centre "
                    + "\(withoutCentre == 1 ? "was" : "were") left out." : ".")
        report.sentences = maps.map { map in
            let name = report.conditionName(map)
            let all = map.all
            func side(_ value: Double, _ positive: String, _ negative: String) -> String {
                "\(String(format: "%.1f", abs(value))) px \(value >= 0 ? positive : negative)"
            }
            return "\(name.isEmpty ? "Taps" : name + ": taps") landed on average "
                + "\(side(all.meanDX, "right", "left")) and \(side(all.meanDY, "below", "above")) the key centres "
                + "(SD \(String(format: "%.1f", all.sdDX)) and \(String(format: "%.1f", all.sdDY)); "
                + "\(SelectionSummary.counted(all.taps, "tap", "taps")) by "
                + "\(SelectionSummary.counted(map.participants, "participant", "participants")))."
        }
        return report
    }

    /// Keys by rows from the top (a key whose centre lies within a third of the widest gap
    /// between rows of a row's first key joins that row), left to right within a row.
    static func readingOrder(_ keys: [KeyOffset]) -> [KeyOffset] {
        let byHeight = keys.sorted { ($0.centreY, $0.centreX, $0.key) < ($1.centreY, $1.centreX, $1.key) }
        let tolerance = (zip(byHeight, byHeight.dropFirst()).map { $1.centreY - $0.centreY }.max() ?? 0) / 3
        var rows: [[KeyOffset]] = []
        for key in byHeight {
            if let first = rows.last?.first, key.centreY - first.centreY <= tolerance {
                rows[rows.count - 1].append(key)
            } else {
                rows.append([key])
            }
        }
        return rows.flatMap { $0.sorted { ($0.centreX, $0.key) < ($1.centreX, $1.key) } }
    }
}

/// The taps of one key (or of every key) of a condition: their key centres and offsets.
private struct TapOffsets {
    var centreX: [Double] = []
    var centreY: [Double] = []
    var dx: [Double] = []
    var dy: [Double] = []

    mutating func add(_ tap: KeyTap, centreX x: Double, centreY y: Double) {
        centreX.append(x)
        centreY.append(y)
        dx.append(tap.x - x)
        dy.append(tap.y - y)
    }

    /// The summary under `key`, its centre the mean of the taps' centres.
    func offset(key: String) -> KeyOffset {
        let (x, y) = (SampleSummary(dx), SampleSummary(dy))
        return KeyOffset(
            key: key, centreX: SampleSummary(centreX).mean, centreY: SampleSummary(centreY).mean, taps: dx.count,
            meanDX: x.mean, meanDY: y.mean, sdDX: x.sd, sdDY: y.sd)
    }
}
