use std::fmt;

/// A hand category, ordered from worst to best across every ranking parsheet knows. Each ranking
/// uses a subset: `FiveAces` only with the semi-wild joker, `FiveOfAKind` and `FiveWilds` only with
/// fully wild cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    HighCard,
    Pair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
    FiveOfAKind,
    RoyalFlush,
    FiveAces,
    FiveWilds,
}

impl Category {
    /// Every category, best first.
    pub const ALL_BEST_FIRST: [Category; 13] = [
        Category::FiveWilds,
        Category::FiveAces,
        Category::RoyalFlush,
        Category::FiveOfAKind,
        Category::StraightFlush,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::Flush,
        Category::Straight,
        Category::ThreeOfAKind,
        Category::TwoPair,
        Category::Pair,
        Category::HighCard,
    ];

    pub(crate) const fn from_index(i: u32) -> Category {
        Self::ALL_BEST_FIRST[12 - i as usize]
    }

    /// The kebab-case name used in reports and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high-card",
            Category::Pair => "pair",
            Category::TwoPair => "two-pair",
            Category::ThreeOfAKind => "three-of-a-kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full-house",
            Category::FourOfAKind => "four-of-a-kind",
            Category::StraightFlush => "straight-flush",
            Category::FiveOfAKind => "five-of-a-kind",
            Category::RoyalFlush => "royal-flush",
            Category::FiveAces => "five-aces",
            Category::FiveWilds => "five-wilds",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
