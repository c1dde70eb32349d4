//! The tables effects read, built once at compile time: each square's
//! ring (its neighbours, clockwise as drawn) and each square's other
//! squares, nearest first. A leaf of the vocabulary: it knows the board's
//! geometry only.

use super::geometry::Geometry;
use super::schema::{North, Shape};

/// Each square's ring (its neighbours, wrapping around the edges when
/// `wrap`), in clockwise order as the board is drawn.
pub fn ring_table(g: &Geometry, north: North, wrap: bool) -> Vec<Vec<u8>> {
    let n = g.directions().len() as u8;
    let order: Vec<u8> = match north {
        North::Up => (0..n).collect(),
        North::Down => (0..n).rev().collect(),
    };
    (0..g.cells() as u8)
        .map(|cell| {
            let mut ring: Vec<u8> = Vec::new();
            for &d in &order {
                if let Some(next) = g.neighbour(cell, d, wrap)
                    && next != cell
                    && !ring.contains(&next)
                {
                    ring.push(next);
                }
            }
            ring
        })
        .collect()
}

/// Each square's other squares, nearest first (Manhattan distance on
/// square boards, hex distance on hex boards; wrapping when `wrap`), ties
/// by square index.
pub fn nearest_table(g: &Geometry, wrap: bool) -> Vec<Vec<u8>> {
    let cells = g.cells() as u8;
    (0..cells)
        .map(|from| {
            let mut others: Vec<u8> = (0..cells).filter(|&c| c != from).collect();
            others.sort_by_key(|&c| (distance(g, from, c, wrap), c));
            others
        })
        .collect()
}

fn distance(g: &Geometry, a: u8, b: u8, wrap: bool) -> u16 {
    let ((ax, ay), (bx, by)) = (g.xy(a), g.xy(b));
    let axis = |p: u8, q: u8, size: u8| {
        let d = u16::from(p.abs_diff(q));
        if wrap { d.min(u16::from(size) - d) } else { d }
    };
    match g.shape {
        Shape::Square => axis(ax, bx, g.width) + axis(ay, by, g.height),
        Shape::Hex => {
            let (dq, dr) = (i16::from(bx) - i16::from(ax), i16::from(by) - i16::from(ay));
            (dq.unsigned_abs() + dr.unsigned_abs() + (dq + dr).unsigned_abs()) / 2
        }
    }
}
