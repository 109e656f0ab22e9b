/// Numbers the trial groups (participant, condition and block) of an import 0, 1, 2, ...
/// in order of first appearance, in an open-addressing table with a cheap multiplicative
/// hash: logs that interleave participants change group at every row, so finding a group
/// must cost a few nanoseconds, not a general-purpose hash of three integers.
struct TrialGroupTable {
    /// A participant, condition and block (`Int64.min` for a missing block).
    struct Group: Equatable {
        var participant: Int64
        var condition: Int64
        var block: Int64
    }

    private var groups: [Group] = []
    /// Group number + 1 per slot; 0 where empty. The size is a power of two, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    /// The group asked for last, or -1.
    private var previous = -1
    /// Per slot, the group last asked for of a participant whose id falls in it (-1 before
    /// any): room for the participants of a log that interleaves 128 of them.
    private var recent = [Int32](repeating: -1, count: 128)
    /// Per group, the group its participant asked for next last time (-1 before any).
    /// Logs where participants take turns, and each goes through the conditions in an
    /// order of their own, find most rows' groups with one or two comparisons.
    private var nextOfParticipant: [Int32] = []

    /// Groups numbered so far.
    var count: Int { groups.count }

    /// Bytes the table takes.
    var bytes: Int {
        slots.count * MemoryLayout<Int32>.stride + groups.capacity * MemoryLayout<Group>.stride
            + (recent.count + nextOfParticipant.capacity) * MemoryLayout<Int32>.stride
    }

    /// The number of `group`, the next one (``count``) when it is new.
    mutating func number(of group: Group) -> Int {
        if previous >= 0, groups[previous] == group { return previous }
        let slot = Int(truncatingIfNeeded: group.participant) & (recent.count - 1)
        let last = Int(recent[slot])
        var number = -1
        if last >= 0 {
            let next = Int(nextOfParticipant[last])
            if groups[last] == group {
                number = last
            } else if next >= 0, groups[next] == group {
                number = next
            }
        }
        if number < 0 {
            number = lookUp(group)
            if last >= 0, groups[last].participant == group.participant {
                nextOfParticipant[last] = Int32(number)
            }
        }
        recent[slot] = Int32(number)
        previous = number
        return number
    }

    /// The number of `group` found by its hash, the next one (``count``) when it is new.
    private mutating func lookUp(_ group: Group) -> Int {
        let mask = slots.count - 1
        var slot = Self.hash(group) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if groups[number] == group { return number }
            slot = (slot + 1) & mask
        }
        let number = groups.count
        groups.append(group)
        nextOfParticipant.append(-1)
        slots[slot] = Int32(number + 1)
        if groups.count * 2 > slots.count { grow() }
        return number
    }

    private static func hash(_ group: Group) -> Int {
        var h = UInt64(bitPattern: group.participant) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bitPattern: group.condition)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ UInt64(bitPattern: group.block)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Doubles the slots and places every group again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, group) in groups.enumerated() {
            var slot = Self.hash(group) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
