import ForcePadCore
import Glibc
import Testing

/// The one table of event names and the copy the Python client's tests read.
struct EventNameTests {
    /// `clients/python/tests/event_names.txt`, one name a line, must list ``EventName/allCases``
    /// in order: the Python client's test checks its names against this file.
    @Test func pythonClientsListIsTheTable() throws {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/ForcePadCoreTests/EventNameTests.swift
        let path = parts.joined(separator: "/") + "/clients/python/tests/event_names.txt"
        let expected = EventName.allCases.map { $0.rawValue + "\n" }.joined()
        let file = try #require(fopen(path, "r"), "cannot open \(path)")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let byte = getc(file), byte != EOF { bytes.append(UInt8(byte)) }
        #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(path) is out of date; it should read:\n\(expected)")
    }

    @Test func namesAreUniqueAndOnlyTheLoopsAreReplayed() {
        #expect(Set(EventName.allCases.map(\.rawValue)).count == EventName.allCases.count)
        let outside = EventName.allCases.filter(\.isOutsideTheLoop).map(\.rawValue)
        #expect(outside == ["haptic.edge", "shortcut.performed", "reference.sample", "reference.lost", "reference.restored",
            "haptic.felt", "accelerometer.lost", "accelerometer.restored", "stand.stopped", "stand.sample",
        ])
    }
}
