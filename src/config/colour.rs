//! Colours a ruleset may give (a seat's colour): a CSS colour name
//! (`red`, `forestgreen`) or `#rrggbb`, so that every browser draws the
//! same colour and nothing but a colour reaches the page's style.
//!
//! ```
//! use relic::config::colour::{colour_named, is_colour};
//! assert!(is_colour("forestgreen") && is_colour("#2F9E44"));
//! assert!(!is_colour("url(x)") && !is_colour("#2f9e4"));
//! assert_eq!(colour_named("Yellow"), Some("yellow"));
//! ```

use super::validate::suggest;

/// Every CSS colour name (CSS Color Module Level 4), as Chromium accepts
/// them, sorted.
pub const CSS_COLOURS: [&str; 148] = [
    "aliceblue",
    "antiquewhite",
    "aqua",
    "aquamarine",
    "azure",
    "beige",
    "bisque",
    "black",
    "blanchedalmond",
    "blue",
    "blueviolet",
    "brown",
    "burlywood",
    "cadetblue",
    "chartreuse",
    "chocolate",
    "coral",
    "cornflowerblue",
    "cornsilk",
    "crimson",
    "cyan",
    "darkblue",
    "darkcyan",
    "darkgoldenrod",
    "darkgray",
    "darkgreen",
    "darkgrey",
    "darkkhaki",
    "darkmagenta",
    "darkolivegreen",
    "darkorange",
    "darkorchid",
    "darkred",
    "darksalmon",
    "darkseagreen",
    "darkslateblue",
    "darkslategray",
    "darkslategrey",
    "darkturquoise",
    "darkviolet",
    "deeppink",
    "deepskyblue",
    "dimgray",
    "dimgrey",
    "dodgerblue",
    "firebrick",
    "floralwhite",
    "forestgreen",
    "fuchsia",
    "gainsboro",
    "ghostwhite",
    "gold",
    "goldenrod",
    "gray",
    "green",
    "greenyellow",
    "grey",
    "honeydew",
    "hotpink",
    "indianred",
    "indigo",
    "ivory",
    "khaki",
    "lavender",
    "lavenderblush",
    "lawngreen",
    "lemonchiffon",
    "lightblue",
    "lightcoral",
    "lightcyan",
    "lightgoldenrodyellow",
    "lightgray",
    "lightgreen",
    "lightgrey",
    "lightpink",
    "lightsalmon",
    "lightseagreen",
    "lightskyblue",
    "lightslategray",
    "lightslategrey",
    "lightsteelblue",
    "lightyellow",
    "lime",
    "limegreen",
    "linen",
    "magenta",
    "maroon",
    "mediumaquamarine",
    "mediumblue",
    "mediumorchid",
    "mediumpurple",
    "mediumseagreen",
    "mediumslateblue",
    "mediumspringgreen",
    "mediumturquoise",
    "mediumvioletred",
    "midnightblue",
    "mintcream",
    "mistyrose",
    "moccasin",
    "navajowhite",
    "navy",
    "oldlace",
    "olive",
    "olivedrab",
    "orange",
    "orangered",
    "orchid",
    "palegoldenrod",
    "palegreen",
    "paleturquoise",
    "palevioletred",
    "papayawhip",
    "peachpuff",
    "peru",
    "pink",
    "plum",
    "powderblue",
    "purple",
    "rebeccapurple",
    "red",
    "rosybrown",
    "royalblue",
    "saddlebrown",
    "salmon",
    "sandybrown",
    "seagreen",
    "seashell",
    "sienna",
    "silver",
    "skyblue",
    "slateblue",
    "slategray",
    "slategrey",
    "snow",
    "springgreen",
    "steelblue",
    "tan",
    "teal",
    "thistle",
    "tomato",
    "turquoise",
    "violet",
    "wheat",
    "white",
    "whitesmoke",
    "yellow",
    "yellowgreen",
];

/// Whether `text` is a CSS colour name (any case) or `#rrggbb`.
pub fn is_colour(text: &str) -> bool {
    is_hex(text) || colour_named(text).is_some()
}

/// `#` and six hexadecimal digits.
fn is_hex(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// The CSS colour `name` names (any case), if it names one: how a seat
/// named `Red` gets its colour without saying so.
pub fn colour_named(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    CSS_COLOURS
        .binary_search(&lower.as_str())
        .ok()
        .map(|i| CSS_COLOURS[i])
}

/// The help line for `text`, which is not a colour: the nearest colour
/// name, if one is near, and what a colour is.
///
/// ```
/// use relic::config::colour::colour_help;
/// assert!(colour_help("gren").starts_with("did you mean `green`?"));
/// ```
pub fn colour_help(text: &str) -> String {
    let what = "a colour is a CSS colour name (`red`, `forestgreen`, `navy`) or `#rrggbb`";
    let lower = text.to_ascii_lowercase();
    match suggest(&lower, CSS_COLOURS) {
        Some(near) => format!("did you mean `{near}`? {what}"),
        None => what.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_sorted_and_unique() {
        assert!(CSS_COLOURS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn only_names_and_six_digit_hex_are_colours() {
        for good in ["red", "RED", "rebeccapurple", "#000000", "#abcDEF"] {
            assert!(is_colour(good), "{good}");
        }
        for bad in [
            "",
            "#abc",
            "#abcdefg",
            "#ggg000",
            "redd",
            "red;",
            "rgb(1,2,3)",
            " red",
        ] {
            assert!(!is_colour(bad), "{bad}");
        }
    }
}
