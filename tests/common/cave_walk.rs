//! A long Boulder Dash game for tests and benchmarks of `relic verify`.

use std::path::Path;

/// Writes a board with room to walk east and west, and a game file of
/// `count` moves back and forth, the last one into the wall when `bad`;
/// returns their paths.
pub fn walk(dir: &Path, count: usize, bad: bool) -> (String, String) {
    let board = dir.join("open.board");
    std::fs::write(
        &board,
        "2|#|#|#|#|#|\n1|#|X|_|_|#|\n0|#|#|#|#|#|\n  0 1 2 3 4\n",
    )
    .unwrap();
    let mut text = format!("{count} 5,3\n");
    for i in 0..count {
        let last = i + 1 == count;
        text.push_str(match (i % 2, bad && last) {
            (_, true) => "M(W;2)\n",
            (0, _) => "M(E;1)\n",
            _ => "M(W;1)\n",
        });
    }
    let moves = dir.join("walk.moves");
    std::fs::write(&moves, text).unwrap();
    let shown = |p: &Path| p.to_str().unwrap().to_owned();
    (shown(&board), shown(&moves))
}
