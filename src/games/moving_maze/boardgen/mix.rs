//! Tile shapes and scaling the ruleset's tile mix to a board size.

use crate::games::moving_maze::board::Sides;
use crate::games::moving_maze::rules::TileMix;

/// The three shapes of tile in the physical game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Two opposite open sides.
    Straight,
    /// Two adjacent open sides.
    Corner,
    /// Three open sides.
    Junction,
}

impl Shape {
    /// The open sides after `quarter_turns` clockwise quarter turns from
    /// the shape's base orientation.
    ///
    /// ```
    /// use relic::games::moving_maze::boardgen::Shape;
    /// assert_eq!(Shape::Junction.turned(1).count(), 3);
    /// assert_eq!(Shape::Straight.turned(2), Shape::Straight.turned(0));
    /// ```
    pub fn turned(self, quarter_turns: u8) -> Sides {
        let base = match self {
            Shape::Straight => Sides::from_flags([true, false, true, false]),
            Shape::Corner => Sides::from_flags([true, true, false, false]),
            Shape::Junction => Sides::from_flags([true, true, true, false]),
        };
        (0..quarter_turns % 4).fold(base, |sides, _| sides.rotated_clockwise())
    }
}

/// `count` shapes in the proportions of `mix` (largest remainders get the
/// leftover tiles, ties to straights, then corners, then junctions), in
/// shape order; `None` if the mix is empty.
///
/// ```
/// use relic::games::moving_maze::boardgen::{scale_mix, Shape};
/// use relic::rules::TileMix;
/// let shapes = scale_mix(&TileMix::default(), 34).unwrap();
/// assert_eq!(shapes.iter().filter(|&&s| s == Shape::Straight).count(), 13);
/// assert_eq!(scale_mix(&TileMix::default(), 10).unwrap().len(), 10);
/// ```
pub fn scale_mix(mix: &TileMix, count: usize) -> Option<Vec<Shape>> {
    let weights = [
        (Shape::Straight, usize::from(mix.straights)),
        (Shape::Corner, usize::from(mix.corners)),
        (Shape::Junction, usize::from(mix.junctions)),
    ];
    let total: usize = weights.iter().map(|w| w.1).sum();
    if total == 0 {
        return None;
    }
    let mut counts: Vec<(Shape, usize, usize)> = weights
        .iter()
        .map(|&(shape, weight)| (shape, weight * count / total, weight * count % total))
        .collect();
    let assigned: usize = counts.iter().map(|c| c.1).sum();
    let mut by_remainder: Vec<usize> = (0..counts.len()).collect();
    by_remainder.sort_by_key(|&i| std::cmp::Reverse(counts[i].2));
    for &i in by_remainder.iter().take(count - assigned) {
        counts[i].1 += 1;
    }
    Some(
        counts
            .into_iter()
            .flat_map(|(shape, n, _)| std::iter::repeat_n(shape, n))
            .collect(),
    )
}
