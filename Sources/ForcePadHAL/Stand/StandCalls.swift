import ForcePadCore

/// The calls ``StandDriver`` makes of its stand, whatever its protocol.
protocol StandCalls: AnyObject, Sendable {
    func connect() throws(DeviceError)
    func home() throws(DeviceError)
    func status(deadlineMicros: Int64) throws(DeviceError) -> StandStatus?
    func move(toTravel travel: Int64, speed: Int64, from: Int64) throws(DeviceError)
    func gaugeForce(deadlineMicros: Int64) throws(DeviceError) -> Force?
    /// Stops the crosshead; a failure to send the stop is left to the silence rule, which stops again.
    func stopQuietly()
}
