//! A 64-bit mixing function shared by the simulator's seeds and the core
//! interpreter's repetition keys (a leaf: every build has it, the
//! WebAssembly one included).

/// A 64-bit mix (SplitMix64's finaliser): spreads nearby inputs apart.
///
/// ```
/// use relic::mix::mix;
/// assert_ne!(mix(1), mix(2));
/// assert_eq!(mix(7), mix(7));
/// ```
pub const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
