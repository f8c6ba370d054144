//! Each wager's deal and settlement, read off the regulation and written against the reference
//! evaluator (`parsheet-reference`): which cards are dealt, and which outcome id the dealt cards
//! earn. One function per wager; each returns the id of the best paying hand the cards hold, or
//! `None` for a hand that pays nothing ("other").

use parsheet_reference::{self as reference, RefCard, RefCategory};

/// Where the cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One 52-card deck.
    Standard,
    /// 52 cards and one joker.
    WithJoker,
    /// `n` 52-card decks shuffled together (cards repeat).
    Decks(usize),
}

impl Source {
    pub fn cards(self) -> Vec<RefCard> {
        match self {
            Source::Standard => reference::deck(false),
            Source::WithJoker => reference::deck(true),
            Source::Decks(n) => (0..n).flat_map(|_| reference::deck(false)).collect(),
        }
    }
}

/// How one wager is dealt and settled.
pub struct Rules {
    pub game: &'static str,
    pub wager: &'static str,
    pub source: Source,
    /// How many cards the wager looks at.
    pub cards: usize,
    /// Every id `settle` can return (checked against `parsheet-games` at start-up).
    pub ids: &'static [&'static str],
    /// Rule readings `settle` understands (the first is the default).
    pub variants: &'static [&'static str],
    pub settle: fn(&[RefCard], &str) -> Option<&'static str>,
}

/// High Card Flush straight flushes by length (678a.6(d)): the Straight Flush Bonus and the
/// Progressive Jackpot settle on the same hand.
const STRAIGHT_FLUSH_LENGTHS: &[&str] = &["7-card-straight-flush", "6-card-straight-flush", "5-card-straight-flush", "4-card-straight-flush", "3-card-straight-flush"];

pub static RULES: &[Rules] = &[
    Rules {
        game: "saigon-5-card",
        wager: "bonus",
        source: Source::WithJoker,
        cards: 5,
        ids: &[
            "five-aces",
            "royal-flush-no-joker",
            "royal-flush-with-joker",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "two-pair",
        ],
        variants: &[],
        settle: saigon_bonus,
    },
    Rules {
        game: "heads-up-holdem",
        wager: "trips-plus",
        source: Source::Standard,
        cards: 7,
        ids: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &[],
        settle: trips_plus,
    },
    Rules {
        game: "heads-up-holdem",
        wager: "pocket-bonus",
        source: Source::Standard,
        cards: 2,
        ids: &[
            "pair-of-aces",
            "pair-of-kings",
            "pair-of-queens",
            "pair-of-jacks",
            "pair-of-tens",
            "pair-of-nines",
            "pair-of-eights",
            "pair-of-sevens",
            "pair-of-sixes",
            "pair-of-fives",
            "pair-of-fours",
            "pair-of-threes",
            "pair-of-twos",
            "ace-king-suited",
            "ace-queen-suited",
            "ace-jack-suited",
            "ace-king-offsuit",
            "ace-queen-offsuit",
            "ace-jack-offsuit",
        ],
        variants: &[],
        settle: pocket_bonus,
    },
    Rules {
        game: "high-card-flush",
        wager: "flush-bonus",
        source: Source::Standard,
        cards: 7,
        ids: &["7-card-flush", "6-card-flush", "5-card-flush", "4-card-flush"],
        variants: &[],
        settle: flush_bonus,
    },
    Rules {
        game: "high-card-flush",
        wager: "straight-flush-bonus",
        source: Source::Standard,
        cards: 7,
        ids: STRAIGHT_FLUSH_LENGTHS,
        variants: &["ace-high-or-low", "ace-high-only"],
        settle: straight_flush_bonus,
    },
    Rules {
        game: "over-under",
        wager: "bonus",
        source: Source::Decks(6),
        cards: 3,
        ids: &["6-or-33", "7-or-32", "8-or-31", "9-or-30", "10-or-29", "11-or-28", "12-or-27"],
        variants: &[],
        settle: over_under_bonus,
    },
    Rules {
        game: "dj-wild",
        wager: "trips-bonus",
        source: Source::WithJoker,
        cards: 5,
        ids: &[
            "five-wilds-natural",
            "five-wilds-with-wild",
            "royal-flush-natural",
            "royal-flush-with-wild",
            "five-of-a-kind-natural",
            "five-of-a-kind-with-wild",
            "straight-flush-natural",
            "straight-flush-with-wild",
            "four-of-a-kind-natural",
            "four-of-a-kind-with-wild",
            "full-house-natural",
            "full-house-with-wild",
            "flush-natural",
            "flush-with-wild",
            "straight-natural",
            "straight-with-wild",
            "three-of-a-kind-natural",
            "three-of-a-kind-with-wild",
        ],
        variants: &["no-wild-cards", "deuces-played-natural", "same-value-natural"],
        settle: dj_trips_bonus,
    },
    Rules {
        game: "dj-wild",
        wager: "bad-beat",
        source: Source::WithJoker,
        cards: 10,
        ids: &["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &["player-hand-loses", "either-hand-loses"],
        settle: dj_bad_beat,
    },
    Rules {
        game: "face-up-pai-gow",
        wager: "ace-high-bonus",
        source: Source::WithJoker,
        cards: 14,
        ids: &["both-dealer-and-player-have-ace-high", "only-dealer-has-ace-high-with-joker", "only-dealer-has-ace-high-no-joker"],
        variants: &["both-first", "joker-line-first", "straights-and-flushes-ignored"],
        settle: ace_high_bonus,
    },
    Rules {
        game: "high-card-flush",
        wager: "progressive",
        source: Source::Standard,
        cards: 7,
        ids: STRAIGHT_FLUSH_LENGTHS,
        variants: &["ace-high-or-low", "ace-high-only"],
        // 678a.12(d)(2): only the highest straight flush pays, the Straight Flush Bonus's hand.
        settle: straight_flush_bonus,
    },
    Rules {
        game: "dj-wild",
        wager: "progressive",
        // 687a.11(f)(1): a dealt joker is replaced by the next card, so the five cards are five
        // of the 52 natural cards.
        source: Source::Standard,
        cards: 5,
        ids: &["royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind"],
        variants: &["best-eligible-hand", "as-four-of-a-kind", "as-straight-flush", "not-paid", "no-wild-cards"],
        settle: dj_progressive,
    },
    Rules {
        game: "face-up-pai-gow",
        wager: "fortune-bonus",
        source: Source::WithJoker,
        cards: 7,
        ids: &[
            "7-card-straight-flush",
            "royal-flush-plus-royal-match",
            "7-card-straight-flush-with-joker",
            "five-aces",
            "royal-flush",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "three-pair",
        ],
        variants: &["straight-over-trips", "trips-over-straight"],
        settle: fortune_bonus,
    },
    Rules {
        game: "face-up-pai-gow",
        wager: "progressive",
        source: Source::WithJoker,
        cards: 7,
        ids: &[
            "7-card-natural-straight-flush-holding-royal",
            "7-card-natural-straight-flush",
            "royal-flush-plus-royal-match",
            "7-card-wild-straight-flush-holding-royal",
            "7-card-wild-straight-flush",
            "five-aces",
            "five-of-a-kind",
            "royal-flush",
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
        ],
        variants: &["ordinary-joker", "fully-wild-joker", "ordinary-joker-trips-over-straight", "fully-wild-joker-trips-over-straight"],
        settle: fupg_progressive,
    },
];

const ACE: u8 = 12;
const KING: u8 = 11;
const QUEEN: u8 = 10;
const JACK: u8 = 9;

fn rank(card: RefCard) -> u8 {
    card.rank().expect("a natural card")
}

fn suit(card: RefCard) -> u8 {
    card.suit().expect("a natural card")
}

/// Saigon 5 Card Bonus (680a.6(c)): the player's five cards under the semi-wild joker. A royal
/// flush pays more without the joker; the reference marks that with tiebreak `[1]`.
fn saigon_bonus(hand: &[RefCard], _: &str) -> Option<&'static str> {
    let v = reference::saigon_joker(hand);
    use RefCategory::*;
    Some(match v.category {
        FiveAces => "five-aces",
        RoyalFlush if v.tiebreak == [1] => "royal-flush-no-joker",
        RoyalFlush => "royal-flush-with-joker",
        StraightFlush => "straight-flush",
        FourOfAKind => "four-of-a-kind",
        FullHouse => "full-house",
        Flush => "flush",
        Straight => "straight",
        ThreeOfAKind => "three-of-a-kind",
        TwoPair => "two-pair",
        _ => return None,
    })
}

/// Heads-Up Hold 'Em Trips Plus: the best five of the player's two cards and the five
/// community cards, ordinary poker, three of a kind or better.
fn trips_plus(hand: &[RefCard], _: &str) -> Option<&'static str> {
    use RefCategory::*;
    Some(match reference::standard(hand).category {
        RoyalFlush => "royal-flush",
        StraightFlush => "straight-flush",
        FourOfAKind => "four-of-a-kind",
        FullHouse => "full-house",
        Flush => "flush",
        Straight => "straight",
        ThreeOfAKind => "three-of-a-kind",
        _ => return None,
    })
}

/// Heads-Up Hold 'Em Pocket Bonus: the player's first two cards, a pair or an ace with a
/// king, queen or jack.
fn pocket_bonus(hand: &[RefCard], _: &str) -> Option<&'static str> {
    const PAIRS: [&str; 13] = [
        "pair-of-twos",
        "pair-of-threes",
        "pair-of-fours",
        "pair-of-fives",
        "pair-of-sixes",
        "pair-of-sevens",
        "pair-of-eights",
        "pair-of-nines",
        "pair-of-tens",
        "pair-of-jacks",
        "pair-of-queens",
        "pair-of-kings",
        "pair-of-aces",
    ];
    let (a, b) = (hand[0], hand[1]);
    if rank(a) == rank(b) {
        return Some(PAIRS[rank(a) as usize]);
    }
    let other = match (rank(a), rank(b)) {
        (ACE, r) | (r, ACE) => r,
        _ => return None,
    };
    let suited = suit(a) == suit(b);
    Some(match (other, suited) {
        (KING, true) => "ace-king-suited",
        (QUEEN, true) => "ace-queen-suited",
        (JACK, true) => "ace-jack-suited",
        (KING, false) => "ace-king-offsuit",
        (QUEEN, false) => "ace-queen-offsuit",
        (JACK, false) => "ace-jack-offsuit",
        _ => return None,
    })
}

/// High Card Flush Flush Bonus: the length of the player's longest flush among seven cards.
fn flush_bonus(hand: &[RefCard], _: &str) -> Option<&'static str> {
    match reference::hcf_value(hand).0 {
        7 => Some("7-card-flush"),
        6 => Some("6-card-flush"),
        5 => Some("5-card-flush"),
        4 => Some("4-card-flush"),
        _ => None,
    }
}

/// The longest run of consecutive ranks within one suit with the ace high only (Q-K-A counts,
/// A-2-3 does not): the `ace-high-only` reading, which the reference crate does not offer.
fn longest_straight_flush_ace_high_only(hand: &[RefCard]) -> u8 {
    let mut longest = 0;
    for s in 0..4 {
        let mut held = [false; 13];
        for &card in hand.iter().filter(|c| c.suit() == Some(s)) {
            held[rank(card) as usize] = true;
        }
        let mut run = 0;
        for here in held {
            run = if here { run + 1 } else { 0 };
            longest = longest.max(run);
        }
    }
    longest
}

/// High Card Flush Straight Flush Bonus: the longest straight flush among seven cards, three
/// cards or more. Whether the ace may play low is the variant.
fn straight_flush_bonus(hand: &[RefCard], variant: &str) -> Option<&'static str> {
    let length = match variant {
        "ace-high-or-low" => reference::hcf_longest_straight_flush(hand),
        "ace-high-only" => longest_straight_flush_ace_high_only(hand),
        other => panic!("straight-flush-bonus has no variant {other:?}"),
    };
    match length {
        7 => Some("7-card-straight-flush"),
        6 => Some("6-card-straight-flush"),
        5 => Some("5-card-straight-flush"),
        4 => Some("4-card-straight-flush"),
        3 => Some("3-card-straight-flush"),
        _ => None,
    }
}

/// Over/Under Bonus (686a.3(d)): three cards from six decks; twos to nines count their face,
/// tens and faces ten, aces eleven. The extreme totals pay, each low total paired with the
/// high total as far from the middle.
fn over_under_bonus(hand: &[RefCard], _: &str) -> Option<&'static str> {
    let value = |card: RefCard| match rank(card) {
        ACE => 11,
        r @ 0..=7 => r as u32 + 2, // deuce (rank 0) is 2 … nine (rank 7) is 9
        _ => 10,                   // ten, jack, queen, king
    };
    let total: u32 = hand.iter().map(|&c| value(c)).sum();
    const PAIRS: [(u32, u32, &str); 7] = [
        (6, 33, "6-or-33"),
        (7, 32, "7-or-32"),
        (8, 31, "8-or-31"),
        (9, 30, "9-or-30"),
        (10, 29, "10-or-29"),
        (11, 28, "11-or-28"),
        (12, 27, "12-or-27"),
    ];
    PAIRS.iter().find(|&&(low, high, _)| total == low || total == high).map(|p| p.2)
}

/// DJ Wild Trips Bonus (687a.6): five cards, deuces and the joker wild, three of a kind or
/// better; each category pays more when the hand is "natural", read per the variant.
fn dj_trips_bonus(hand: &[RefCard], variant: &str) -> Option<&'static str> {
    let category = reference::deuces_joker_wild(hand).category;
    let natural = match variant {
        "no-wild-cards" => hand.iter().all(|&c| !c.is_joker() && c.rank() != Some(0)),
        "deuces-played-natural" => !hand.contains(&RefCard::Joker) && reference::deuces_natural_category(hand) == Some(category),
        "same-value-natural" => !hand.contains(&RefCard::Joker) && reference::standard(hand) == reference::deuces_joker_wild(hand),
        other => panic!("trips-bonus has no variant {other:?}"),
    };
    use RefCategory::*;
    let [n, w] = match category {
        FiveWilds => ["five-wilds-natural", "five-wilds-with-wild"],
        RoyalFlush => ["royal-flush-natural", "royal-flush-with-wild"],
        FiveOfAKind => ["five-of-a-kind-natural", "five-of-a-kind-with-wild"],
        StraightFlush => ["straight-flush-natural", "straight-flush-with-wild"],
        FourOfAKind => ["four-of-a-kind-natural", "four-of-a-kind-with-wild"],
        FullHouse => ["full-house-natural", "full-house-with-wild"],
        Flush => ["flush-natural", "flush-with-wild"],
        Straight => ["straight-natural", "straight-with-wild"],
        ThreeOfAKind => ["three-of-a-kind-natural", "three-of-a-kind-with-wild"],
        _ => return None,
    };
    Some(if natural { n } else { w })
}

/// DJ Wild Two-Way Bad Beat (687a.11(f)(3)): the first five cards are the player's, the next
/// five the dealer's. A player's three of a kind or better always raises, so the wager is live
/// whenever it can pay; it pays on the losing hand's category, the player's only, or either.
fn dj_bad_beat(cards: &[RefCard], variant: &str) -> Option<&'static str> {
    let (player, dealer) = (reference::deuces_joker_wild(&cards[..5]), reference::deuces_joker_wild(&cards[5..]));
    let two_way = match variant {
        "player-hand-loses" => false,
        "either-hand-loses" => true,
        other => panic!("bad-beat has no variant {other:?}"),
    };
    let loser = match player.cmp(&dealer) {
        std::cmp::Ordering::Less => player.category,
        std::cmp::Ordering::Greater if two_way => dealer.category,
        _ => return None,
    };
    // 687a.6(f): three of a kind or better; the outcome ids are the category names.
    (loser >= RefCategory::ThreeOfAKind).then(|| loser.name())
}

/// Face Up Pai Gow Ace High Bonus (688a.6(d), 688a.12(b)): the first seven cards are the
/// dealer's, the next seven the bettor's. A seven-card hand is ace high when its pai gow value
/// is a high card with an ace on top (the joker playing the ace), or, under
/// `straights-and-flushes-ignored`, when its ranks alone hold no pair and an ace or the joker.
fn ace_high_bonus(cards: &[RefCard], variant: &str) -> Option<&'static str> {
    let ace_high = |hand: &[RefCard]| match variant {
        "straights-and-flushes-ignored" => {
            let mut seen = [false; 13];
            for &c in hand {
                let r = c.rank().unwrap_or(12) as usize;
                if seen[r] {
                    return false;
                }
                seen[r] = true;
            }
            seen[12]
        }
        _ => {
            let v = reference::pai_gow(hand);
            v.category == RefCategory::HighCard && v.tiebreak.first() == Some(&12)
        }
    };
    let (dealer, player) = (&cards[..7], &cards[7..]);
    if !ace_high(dealer) {
        return None;
    }
    let joker = dealer.contains(&RefCard::Joker);
    let both = ace_high(player) && !(variant == "joker-line-first" && joker);
    Some(if both {
        "both-dealer-and-player-have-ace-high"
    } else if joker {
        "only-dealer-has-ace-high-with-joker"
    } else {
        "only-dealer-has-ace-high-no-joker"
    })
}

/// DJ Wild Progressive Bonus (687a.6(d)): royal flush down to three of a kind, deuces wild. Five
/// of a kind is no eligible hand; the variant says how it is paid. Under `best-eligible-hand` the
/// wilds play as distinct cards (no five of a kind): the best hand found that way.
fn dj_progressive(hand: &[RefCard], variant: &str) -> Option<&'static str> {
    use RefCategory::*;
    let wild = if variant == "no-wild-cards" { reference::standard(hand) } else { reference::deuces_joker_wild(hand) };
    let category = match wild.category {
        FiveOfAKind => match variant {
            "best-eligible-hand" => best_without_five_of_a_kind(hand),
            "as-four-of-a-kind" => FourOfAKind,
            "as-straight-flush" => StraightFlush,
            "not-paid" => return None,
            other => panic!("dj progressive has no variant {other:?}"),
        },
        c => c,
    };
    match category {
        RoyalFlush => Some("royal-flush"),
        StraightFlush => Some("straight-flush"),
        FourOfAKind => Some("four-of-a-kind"),
        FullHouse => Some("full-house"),
        Flush => Some("flush"),
        Straight => Some("straight"),
        ThreeOfAKind => Some("three-of-a-kind"),
        _ => None,
    }
}

/// The best standard hand when every deuce becomes a distinct natural card not in the hand.
fn best_without_five_of_a_kind(hand: &[RefCard]) -> RefCategory {
    let naturals: Vec<RefCard> = hand.iter().copied().filter(|&c| rank(c) != 0).collect();
    let spare: Vec<RefCard> = reference::deck(false).into_iter().filter(|c| !hand.contains(c)).collect();
    let wilds = hand.len() - naturals.len();
    let mut best = RefCategory::HighCard;
    let mut pick = vec![0usize; wilds];
    fn go(spare: &[RefCard], from: usize, depth: usize, pick: &mut Vec<usize>, naturals: &[RefCard], best: &mut RefCategory) {
        if depth == pick.len() {
            let mut five = naturals.to_vec();
            five.extend(pick.iter().map(|&i| spare[i]));
            *best = (*best).max(reference::standard(&five).category);
            return;
        }
        for i in from..spare.len() {
            pick[depth] = i;
            go(spare, i + 1, depth + 1, pick, naturals, best);
        }
    }
    go(&spare, 0, 0, &mut pick, &naturals, &mut best);
    best
}

/// Face Up Pai Gow Fortune Bonus (688a.6(b), (e)): the seven-card hands first (natural seven-card
/// straight flush, royal flush plus royal match, seven-card straight flush with the joker), then
/// the best five-card hand, with three pair between three of a kind and two pair.
fn fortune_bonus(hand: &[RefCard], variant: &str) -> Option<&'static str> {
    let trips_over_straight = match variant {
        "straight-over-trips" => false,
        "trips-over-straight" => true,
        other => panic!("fortune-bonus has no variant {other:?}"),
    };
    let seven: &[RefCard; 7] = hand.try_into().expect("seven cards");
    let lines = reference::pai_gow_seven_card_lines(seven);
    if lines.seven_card_straight_flush_natural {
        return Some("7-card-straight-flush");
    }
    if lines.royal_plus_royal_match {
        return Some("royal-flush-plus-royal-match");
    }
    if lines.seven_card_straight_flush_with_joker {
        return Some("7-card-straight-flush-with-joker");
    }
    use RefCategory::*;
    Some(match reference::pai_gow(hand).category {
        FiveAces => "five-aces",
        RoyalFlush => "royal-flush",
        StraightFlush => "straight-flush",
        FourOfAKind => "four-of-a-kind",
        FullHouse => "full-house",
        Flush => "flush",
        Straight if trips_over_straight && holds_three_of_a_kind(hand, false) => "three-of-a-kind",
        Straight => "straight",
        ThreeOfAKind => "three-of-a-kind",
        TwoPair if lines.three_pair => "three-pair",
        _ => return None,
    })
}

/// Whether seven cards can be set as three of a kind (688a.6(b)(8)): three of a rank, or a pair
/// and the joker, which plays as an ace (688a.6(a)) unless it is fully wild.
fn holds_three_of_a_kind(hand: &[RefCard], fully_wild_joker: bool) -> bool {
    let joker = hand.contains(&RefCard::Joker) as usize;
    (0..13u8).any(|r| {
        let n = hand.iter().filter(|c| c.rank() == Some(r)).count();
        n >= 3 || (n + joker >= 3 && (fully_wild_joker || r == ACE))
    })
}

/// The best pai gow reading of cards with a fully wild joker: four of a rank and the joker are
/// five of a kind; otherwise the joker becomes each card not held (a held card adds nothing
/// without four of its rank).
fn pai_gow_wild_joker(hand: &[RefCard]) -> reference::RefValue {
    let naturals: Vec<RefCard> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
    if naturals.len() == hand.len() {
        return reference::pai_gow(hand);
    }
    for r in 0..13 {
        if naturals.iter().filter(|c| c.rank() == Some(r)).count() == 4 {
            return reference::RefValue { category: RefCategory::FiveOfAKind, tiebreak: vec![r] };
        }
    }
    reference::deck(false)
        .into_iter()
        .filter(|c| !naturals.contains(c))
        .map(|c| {
            let mut cards = naturals.clone();
            cards.push(c);
            reference::pai_gow(&cards)
        })
        .max()
        .expect("52 substitutes")
}

/// Face Up Pai Gow Progressive (688a.6(f), 688a.11(h)(3), 688a.12(d)): the highest hand of
/// 688a.6(f) the seven cards hold, seven-card straight flushes split by whether they hold a
/// royal. Readings: the joker ordinary (688a.6(a)) or fully wild; a straight above three of a
/// kind (688a.6(b)) or three of a kind above a straight (Paytable 4's printed order).
fn fupg_progressive(hand: &[RefCard], variant: &str) -> Option<&'static str> {
    let seven: &[RefCard; 7] = hand.try_into().expect("seven cards");
    let wild = variant.starts_with("fully-wild-joker");
    let trips_over_straight = variant.ends_with("trips-over-straight");
    let lines = reference::pai_gow_seven_card_lines(seven);
    let best = if wild { pai_gow_wild_joker(hand) } else { reference::pai_gow(hand) };
    let royal = best.category == RefCategory::RoyalFlush;
    let joker = hand.iter().any(|c| c.is_joker());
    if lines.seven_card_straight_flush_natural {
        return Some(if royal { "7-card-natural-straight-flush-holding-royal" } else { "7-card-natural-straight-flush" });
    }
    // Fully wild, the joker may also be the Royal Match's king or queen beside a natural royal.
    let joker_match = wild && joker && {
        let naturals: Vec<RefCard> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
        (0..4).any(|s| {
            [ACE, KING, QUEEN, JACK, 8].iter().all(|&r| naturals.contains(&RefCard::natural(r, s)))
                && naturals.iter().any(|&c| suit(c) != s && matches!(rank(c), KING | QUEEN))
        })
    };
    if lines.royal_plus_royal_match || joker_match {
        return Some("royal-flush-plus-royal-match");
    }
    if lines.seven_card_straight_flush_with_joker {
        return Some(if royal { "7-card-wild-straight-flush-holding-royal" } else { "7-card-wild-straight-flush" });
    }
    use RefCategory::*;
    Some(match best.category {
        FiveAces => "five-aces",
        FiveOfAKind if best.tiebreak == [ACE] => "five-aces",
        FiveOfAKind => "five-of-a-kind",
        RoyalFlush => "royal-flush",
        StraightFlush => "straight-flush",
        FourOfAKind => "four-of-a-kind",
        FullHouse => "full-house",
        Flush => "flush",
        Straight if trips_over_straight && holds_three_of_a_kind(hand, wild) => "three-of-a-kind",
        Straight => "straight",
        ThreeOfAKind => "three-of-a-kind",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use parsheet_reference::parse_cards;

    fn settle(game: &str, wager: &str, cards: &str, variant: &str) -> Option<&'static str> {
        let rules = RULES.iter().find(|r| r.game == game && r.wager == wager).unwrap();
        (rules.settle)(&parse_cards(cards), variant)
    }

    #[test]
    fn hands_read_by_hand() {
        assert_eq!(settle("saigon-5-card", "bonus", "As Ks Qs Js Ts", ""), Some("royal-flush-no-joker"));
        assert_eq!(settle("saigon-5-card", "bonus", "Jk Ks Qs Js Ts", ""), Some("royal-flush-with-joker"));
        assert_eq!(settle("saigon-5-card", "bonus", "Jk Ah Ad Ac As", ""), Some("five-aces"));
        assert_eq!(settle("saigon-5-card", "bonus", "Jk Kh Kd 3c 4s", ""), None);
        assert_eq!(settle("saigon-5-card", "bonus", "Jk Ah Kd Kc 4s", ""), Some("two-pair"));
        assert_eq!(settle("heads-up-holdem", "trips-plus", "2c 2d 2h 9s Td Jc Kh", ""), Some("three-of-a-kind"));
        assert_eq!(settle("heads-up-holdem", "pocket-bonus", "Kd As", ""), Some("ace-king-offsuit"));
        assert_eq!(settle("heads-up-holdem", "pocket-bonus", "Jh Ah", ""), Some("ace-jack-suited"));
        assert_eq!(settle("heads-up-holdem", "pocket-bonus", "Th Ah", ""), None);
        assert_eq!(settle("heads-up-holdem", "pocket-bonus", "7h 7c", ""), Some("pair-of-sevens"));
        assert_eq!(settle("high-card-flush", "flush-bonus", "2s 5s 9s Ks 3d 4d 5h", ""), Some("4-card-flush"));
        let wheel = "As 2s 3s 4s 9d Td Jh";
        assert_eq!(settle("high-card-flush", "straight-flush-bonus", wheel, "ace-high-or-low"), Some("4-card-straight-flush"));
        assert_eq!(settle("high-card-flush", "straight-flush-bonus", wheel, "ace-high-only"), Some("3-card-straight-flush"));
        assert_eq!(settle("high-card-flush", "straight-flush-bonus", "Qs Ks As 2s 3s 8d 9h", "ace-high-only"), Some("3-card-straight-flush"));
        assert_eq!(settle("over-under", "bonus", "2s 2s 2d", ""), Some("6-or-33"));
        assert_eq!(settle("over-under", "bonus", "As Ah Ad", ""), Some("6-or-33"));
        assert_eq!(settle("over-under", "bonus", "Ks Qh 7d", ""), Some("12-or-27"));
        assert_eq!(settle("over-under", "bonus", "Ks Qh 8d", ""), Some("11-or-28"));
        assert_eq!(settle("over-under", "bonus", "Ks Qh 6d", ""), None);
        assert_eq!(settle("over-under", "bonus", "2s 4h 7d", ""), None);
        assert_eq!(settle("dj-wild", "trips-bonus", "Kc Kd Kh 5s 9c", "no-wild-cards"), Some("three-of-a-kind-natural"));
        assert_eq!(settle("dj-wild", "trips-bonus", "Kc Kd 2h 5s 9c", "no-wild-cards"), Some("three-of-a-kind-with-wild"));
        // Deuces that make a straight flush as themselves are natural in one reading only.
        let sf = "2c 3c 4c 5c 6c";
        assert_eq!(settle("dj-wild", "trips-bonus", sf, "no-wild-cards"), Some("straight-flush-with-wild"));
        assert_eq!(settle("dj-wild", "trips-bonus", sf, "deuces-played-natural"), Some("straight-flush-natural"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "8s 9s Ts Js Qs Ks As", "straight-over-trips"), Some("7-card-straight-flush"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "Jk 9s Ts Js Qs Ks As", "straight-over-trips"), Some("7-card-straight-flush-with-joker"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "Ts Js Qs Ks As Kh Qh", "straight-over-trips"), Some("royal-flush-plus-royal-match"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "Ks Kh Qs Qh 3s 3h 7d", "straight-over-trips"), Some("three-pair"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "Ks Kh Qs Qh 3s 4h 7d", "straight-over-trips"), None);
        // 688a.6(a): the joker plays as an ace, so it pairs the ace: three pair.
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "Ks Kh Qs Qh As Jk 7d", "straight-over-trips"), Some("three-pair"));
        // A straight and three of a kind (the joker an ace beside two aces, or the 5): the
        // reading decides which line pays.
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "As Ah Jk 2d 3c 4s 9h", "straight-over-trips"), Some("straight"));
        assert_eq!(settle("face-up-pai-gow", "fortune-bonus", "As Ah Jk 2d 3c 4s 9h", "trips-over-straight"), Some("three-of-a-kind"));
    }
}
