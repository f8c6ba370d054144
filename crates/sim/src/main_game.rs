//! Main games played with a given strategy. The strategy (what to do in each situation) comes
//! from the exact solver; the dealing and settling here are written from the rules alone, so a
//! wrong solver value or a wrong settlement shows as a simulated result away from the exact one.

use crate::rng::Xoshiro256;

/// A play at Over/Under after the first card (686a.7(g)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverUnderPlay {
    Over23,
    Under18,
    Surrender,
}

/// The solver's Over/Under strategy as a play for each first-card value (its decisions list the
/// values 2 to 11 in order).
pub fn over_under_strategy(decisions: &[parsheet_games::strategy::Decision]) -> impl Fn(u32) -> OverUnderPlay {
    let plays: Vec<OverUnderPlay> = decisions
        .iter()
        .map(|d| match d.choice {
            "over-23" => OverUnderPlay::Over23,
            "under-18" => OverUnderPlay::Under18,
            _ => OverUnderPlay::Surrender,
        })
        .collect();
    assert_eq!(plays.len(), 10, "one decision per first-card value 2..=11");
    move |first| plays[first as usize - 2]
}

/// Mean and standard error of the net result per unit of Ante, and the mean total wagered.
#[derive(Clone, Copy, Debug)]
pub struct MainGameEstimate {
    pub rounds: u64,
    pub mean_net: f64,
    pub standard_error: f64,
    pub mean_wagered: f64,
}

impl MainGameEstimate {
    /// From the sums of the nets, of their squares and of the amounts wagered over `rounds`.
    fn from_sums(rounds: u64, sum: f64, sum_sq: f64, wagered: i64) -> MainGameEstimate {
        let n = rounds as f64;
        let mean = sum / n;
        let variance = (sum_sq / n - mean * mean).max(0.0);
        MainGameEstimate { rounds, mean_net: mean, standard_error: (variance / n).sqrt(), mean_wagered: wagered as f64 / n }
    }
}

/// Deals `rounds` rounds of Over/Under from a freshly shuffled six-deck shoe each round (aces 11,
/// tens and faces 10), the play chosen by `play(first card's value)`, and settles Ante and
/// Over/Under wagers at 1 to 1: a win in the chosen range, a loss on 18-23, and on the opposite
/// range a loss or a push as `opposite_loses` says.
pub fn over_under(play: &dyn Fn(u32) -> OverUnderPlay, opposite_loses: bool, rounds: u64, seed: u64) -> MainGameEstimate {
    let mut shoe: Vec<u32> = Vec::with_capacity(312);
    for _ in 0..6 {
        for v in 2..=9 {
            shoe.extend([v; 4]);
        }
        shoe.extend([10; 16]);
        shoe.extend([11; 4]);
    }
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0i64, 0i64, 0i64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut shoe, 3);
        let total: u32 = cards.iter().sum();
        let net: i64 = match play(cards[0]) {
            OverUnderPlay::Surrender => -1,
            p => {
                wagered += 1;
                let (wins, opposite) = match p {
                    OverUnderPlay::Over23 => (total >= 24, total <= 17),
                    _ => (total <= 17, total >= 24),
                };
                if wins {
                    2
                } else if (18..=23).contains(&total) || (opposite && opposite_loses) {
                    -2
                } else {
                    0
                }
            }
        };
        wagered += 1;
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum as f64, sum_sq as f64, wagered)
}

/// A hand as the bitmask the exact solver uses (natural card at bit 16 × suit + rank, the joker
/// at bit 63), to look the dealt hand up in the solver's strategy; nothing else here uses it.
pub fn solver_bits(hand: &[parsheet_reference::RefCard]) -> u64 {
    hand.iter().fold(0, |m, c| m | 1 << if c.is_joker() { 63 } else { 16 * c.suit().unwrap() as u32 + c.rank().unwrap() as u32 })
}

/// The Blind paytable's outcome (687a.12(b)) for a winning hand of `category`.
pub fn dj_blind_outcome(category: parsheet_reference::RefCategory) -> &'static str {
    // A straight or better has its own line, named as the category; the rest push together.
    if category >= parsheet_reference::RefCategory::Straight {
        category.name()
    } else {
        "three-of-a-kind-or-less"
    }
}

/// Deals `rounds` rounds of DJ Wild Stud Poker (687a) from a freshly shuffled 53-card deck: the
/// player's five cards, then the dealer's five. `raises(player's cards)` decides; a fold loses
/// Ante and Blind (2 units), a raise adds 2 units and settles by 687a.11(e) with the reference
/// evaluator (deuces and joker wild): a higher hand wins Ante and Raise 1 to 1 and the Blind at
/// `blind(outcome)` (its net per unit, from the paytable; see [`dj_blind_outcome`]), a tie
/// pushes, a lower hand loses all three.
pub fn dj_wild(raises: &dyn Fn(&[parsheet_reference::RefCard]) -> bool, blind: &dyn Fn(&str) -> f64, rounds: u64, seed: u64) -> MainGameEstimate {
    let mut deck = parsheet_reference::deck(true);
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0f64, 0f64, 0i64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 10);
        let (player, dealer) = (&cards[..5], &cards[5..]);
        wagered += 2;
        let net = if !raises(player) {
            -2.0
        } else {
            wagered += 2;
            let (p, d) = (parsheet_reference::deuces_joker_wild(player), parsheet_reference::deuces_joker_wild(dealer));
            match p.cmp(&d) {
                std::cmp::Ordering::Greater => 3.0 + blind(dj_blind_outcome(p.category)),
                std::cmp::Ordering::Equal => 0.0,
                std::cmp::Ordering::Less => -4.0,
            }
        };
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum, sum_sq, wagered)
}

/// Deals `rounds` rounds of World Poker Tour Heads-Up Hold 'Em (677a) from a freshly shuffled
/// `deck` (the 52 cards, or a reduced deck for checks against exact reduced-deck solutions): the
/// player's two cards, the flop, the turn and river, the dealer's two cards.
/// `play(hole, board)` is the player's Raise in Antes with the board seen so far (none, three
/// or five cards): 0 checks before the river and folds at it; a raise ends the decisions.
/// Settled by 677a.11(h) with the reference evaluator: a fold loses Ante and Odds; the dealer
/// qualifies with a pair or better, else the Ante pushes; a win pays Ante (if the dealer
/// qualifies) and Raise 1 to 1 and the Odds at `odds_win(category)` (its net per unit); a tie
/// pushes; a loss loses Ante (if the dealer qualifies) and Raise, and the Odds, except that a
/// straight or better losing to a qualifying dealer gets `bad_beat(category)` on the Odds.
pub fn heads_up(
    deck: &[parsheet_reference::RefCard],
    play: &dyn Fn(&[parsheet_reference::RefCard], &[parsheet_reference::RefCard]) -> f64,
    odds_win: &dyn Fn(parsheet_reference::RefCategory) -> f64,
    bad_beat: &dyn Fn(parsheet_reference::RefCategory) -> f64,
    rounds: u64,
    seed: u64,
) -> MainGameEstimate {
    use parsheet_reference::{standard, RefCategory};
    let mut deck = deck.to_vec();
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0f64, 0f64, 0f64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 9);
        let (hole, board, dealer) = (&cards[..2], &cards[2..7], &cards[7..]);
        // 677a.11(b), (d), (f): pre-flop, after the flop, after the turn and river.
        let mut raise = play(hole, &[]);
        if raise == 0.0 {
            raise = play(hole, &board[..3]);
        }
        if raise == 0.0 {
            raise = play(hole, board);
        }
        wagered += 2.0 + raise;
        let net = if raise == 0.0 {
            -2.0
        } else {
            let mine: Vec<_> = hole.iter().chain(board).copied().collect();
            let theirs: Vec<_> = dealer.iter().chain(board).copied().collect();
            let (p, d) = (standard(&mine), standard(&theirs));
            let qualifies = d.category >= RefCategory::Pair;
            let ante = if qualifies { 1.0 } else { 0.0 };
            match p.cmp(&d) {
                std::cmp::Ordering::Greater => ante + raise + odds_win(p.category),
                std::cmp::Ordering::Equal => 0.0,
                std::cmp::Ordering::Less => {
                    let odds = if qualifies && p.category >= RefCategory::Straight { bad_beat(p.category) } else { -1.0 };
                    -ante - raise + odds
                }
            }
        };
        sum += net;
        sum_sq += net * net;
    }
    let n = rounds as f64;
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean).max(0.0);
    MainGameEstimate { rounds, mean_net: mean, standard_error: (variance / n).sqrt(), mean_wagered: wagered / n }
}

// ---------------------------------------------------------------------------------------------
// High Card Flush (678a)
// ---------------------------------------------------------------------------------------------

/// The names of ranks 0 (deuce) … 12 (ace) as the strategies' class ids write them.
const RANK_NAMES: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// A set of ranks as `A-K-5` (`-` for none): high to low.
fn ranks_text(mask: u16) -> String {
    if mask == 0 {
        return "-".to_string();
    }
    (0..13).rev().filter(|r| mask >> r & 1 == 1).map(|r| RANK_NAMES[r]).collect::<Vec<_>>().join("-")
}

/// The rank set `A-K-5` (or `-`) as a 13-bit mask; `None` if it is not one.
fn parse_ranks(text: &str) -> Option<u16> {
    if text == "-" {
        return Some(0);
    }
    text.split('-').try_fold(0u16, |m, r| {
        let bit = 1 << RANK_NAMES.iter().position(|n| *n == r)?;
        (m & bit == 0).then_some(m | bit)
    })
}

/// The cards of each suit of a High Card Flush hand, as rank masks (bit r: rank r).
pub fn hcf_suit_masks(hand: &[parsheet_reference::RefCard]) -> [u16; 4] {
    let mut m = [0u16; 4];
    for c in hand {
        m[c.suit().expect("High Card Flush has no joker") as usize] |= 1 << c.rank().unwrap();
    }
    m
}

/// The most a player may raise, in Antes, holding a longest flush of `len` cards (678a.11(b)):
/// 1x with two to four cards, up to 2x with five, up to 3x with six or seven.
pub fn hcf_max_raise(len: usize) -> u32 {
    match len {
        0..=4 => 1,
        5 => 2,
        _ => 3,
    }
}

/// The player's decision for each dealt hand, read from a strategy *as data* (the solver's plan,
/// `parsheet_games::plan::Plan`, as `(class, action)` rows): a class is a flush value `3:J-4-2`
/// (the longest flush's length and ranks), or one hand of a value `3:10-9-2|A-K-5/10-9-2/Q-7/3`
/// (its four suits' ranks, the suits in decreasing order of their rank masks) where card removal
/// splits the value; an action is `fold` or `raise-1x` … `raise-3x`. Returns the raise in Antes
/// (0: fold) of a seven-card hand. Refuses a row it cannot read; a dealt hand whose value has no
/// row panics (the plan must cover every hand).
pub fn hcf_strategy<'a>(rows: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<impl Fn(&[parsheet_reference::RefCard]) -> u32, String> {
    use std::collections::HashMap;
    let mut of_value: HashMap<(usize, u16), u32> = HashMap::new();
    let mut of_hand: HashMap<[u16; 4], u32> = HashMap::new();
    for (class, action) in rows {
        let bad = || format!("High Card Flush strategy: class {class:?} is not a flush value (3:J-4-2) or a hand of one");
        let raise = match action {
            "fold" => 0,
            "raise-1x" => 1,
            "raise-2x" => 2,
            "raise-3x" => 3,
            a => return Err(format!("High Card Flush strategy: class {class:?} has action {a:?}, not fold or raise-1x..3x")),
        };
        let (value, hand) = match class.split_once('|') {
            Some((v, h)) => (v, Some(h)),
            None => (class, None),
        };
        let (len, ranks) = value.split_once(':').ok_or_else(bad)?;
        let len: usize = len.parse().map_err(|_| bad())?;
        let ranks = parse_ranks(ranks).ok_or_else(bad)?;
        if ranks.count_ones() as usize != len {
            return Err(bad());
        }
        if raise > hcf_max_raise(len) {
            return Err(format!("High Card Flush strategy: class {class:?} raises {raise}x with a {len}-card flush (678a.11(b))"));
        }
        match hand {
            None => {
                of_value.insert((len, ranks), raise);
            }
            Some(h) => {
                let lanes: Vec<u16> = h.split('/').map(parse_ranks).collect::<Option<_>>().ok_or_else(bad)?;
                let lanes: [u16; 4] = lanes.try_into().map_err(|_| bad())?;
                of_hand.insert(lanes, raise);
            }
        }
    }
    Ok(move |hand: &[parsheet_reference::RefCard]| {
        let mut lanes = hcf_suit_masks(hand);
        lanes.sort_unstable_by(|a, b| b.cmp(a));
        if let Some(&r) = of_hand.get(&lanes) {
            return r;
        }
        // The value: the longest suit, and between equally long suits the higher ranks.
        let best = lanes.iter().map(|&m| (m.count_ones() as usize, m)).max().unwrap();
        *of_value.get(&best).unwrap_or_else(|| panic!("the strategy has no row for the flush {}:{}", best.0, ranks_text(best.1)))
    })
}

/// Deals `rounds` rounds of High Card Flush (678a) from a freshly shuffled 52-card deck: seven
/// cards to the player, seven to the dealer. `raise(player's cards)` is the Raise in Antes, 0 to
/// fold (checked against the flush's limit, 678a.11(b)). Settled by 678a.11(c)-(d) and
/// 678a.12(a), each hand read by the reference evaluator's `hcf_value` (678a.6(b)-(c): the
/// longest flush, then the highest card the other lacks): a fold loses the Ante; a dealer
/// without a three-card flush nine high or better pays the Ante 1 to 1 and returns the Raise;
/// against a qualifying dealer a higher player hand wins Ante and Raise 1 to 1, an equal one
/// pushes both, a lower one loses both.
pub fn high_card_flush(raise: &dyn Fn(&[parsheet_reference::RefCard]) -> u32, rounds: u64, seed: u64) -> MainGameEstimate {
    use parsheet_reference::hcf_value;
    const NINE: u8 = 7;
    let mut deck = parsheet_reference::deck(false);
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq, mut wagered) = (0i64, 0i64, 0i64);
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 14);
        let (player, dealer) = (&cards[..7], &cards[7..]);
        let r = raise(player) as i64;
        let mine = hcf_value(player);
        assert!(r as u32 <= hcf_max_raise(mine.0 as usize), "a raise of {r}x with a {}-card flush breaks 678a.11(b)", mine.0);
        wagered += 1 + r;
        let net = if r == 0 {
            -1
        } else {
            let theirs = hcf_value(dealer);
            let qualifies = theirs.0 > 3 || (theirs.0 == 3 && theirs.1[0] >= NINE);
            if !qualifies {
                1
            } else {
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => 1 + r,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Less => -1 - r,
                }
            }
        };
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum as f64, sum_sq as f64, wagered)
}

// ---------------------------------------------------------------------------------------------
// Saigon 5 Card (680a)
// ---------------------------------------------------------------------------------------------

/// A card's value at Saigon 5 Card (680a.6(a)): 2-9 face value, tens and faces 10, aces 1; the
/// joker's (3, 6 or 9) is given.
fn saigon_card_value(c: parsheet_reference::RefCard, joker: u32) -> u32 {
    match c.rank() {
        None => joker,
        Some(12) => 1,
        Some(r) if r >= 8 => 10,
        Some(r) => r as u32 + 2,
    }
}

/// The Point Counts a five-card Saigon hand reaches when set as qualifying (680a.11(b)-(c)):
/// bit p for Point Count p (1..=10), over every three cards totalling 10, 20 or 30 and every
/// value of the joker (680a.6(a)(4)); the showdown hand is the other two, its Point Count their
/// total less 10 when above 10 (680a.6(b)). 0: the hand does not qualify.
pub fn saigon_points(hand: &[parsheet_reference::RefCard]) -> u16 {
    assert_eq!(hand.len(), 5, "a Saigon hand has five cards");
    let jokers: &[u32] = if hand.iter().any(|c| c.is_joker()) { &[3, 6, 9] } else { &[0] };
    let mut set = 0u16;
    for &j in jokers {
        let v: Vec<u32> = hand.iter().map(|&c| saigon_card_value(c, j)).collect();
        let total: u32 = v.iter().sum();
        for a in 0..5 {
            for b in a + 1..5 {
                // Cards a and b form the showdown hand; the other three the three-card hand.
                let two = v[a] + v[b];
                if (total - two) % 10 == 0 {
                    set |= 1 << if two > 10 { two - 10 } else { two };
                }
            }
        }
    }
    set
}

/// The Saigon strategy's class of a hand: `points-4-7-10` (the Point Counts it reaches), and
/// that class with the hand's card values (`points-1-4:A-3-10-10-joker`, aces first, the joker
/// last).
fn saigon_classes(set: u16, hand: &[parsheet_reference::RefCard]) -> (String, String) {
    let points: Vec<String> = (1..=10).filter(|p| set >> p & 1 == 1).map(|p: u32| p.to_string()).collect();
    let class = format!("points-{}", points.join("-"));
    // Values as types: ace 1, 2-9, 10, joker last.
    let mut types: Vec<u32> = hand.iter().map(|&c| if c.is_joker() { 11 } else { saigon_card_value(c, 0) }).collect();
    types.sort_unstable();
    let names: Vec<String> = types.iter().map(|&t| match t {
        1 => "A".to_string(),
        11 => "joker".to_string(),
        t => t.to_string(),
    }).collect();
    (class.clone(), format!("{class}:{}", names.join("-")))
}

/// The player's Point Count for each hand reaching several, read from a strategy as data (the
/// solver's plan as `(class, action)` rows): a class is the set of Point Counts reached
/// (`points-7-10`), or such a set with one hand's card values (`points-7-10:A-3-10-10-joker`)
/// where card removal splits the set; the action is `point-N`. Returns, for a hand and the set
/// it reaches (two or more Point Counts), the Point Count to play. Refuses a row it cannot read;
/// a dealt set without a row panics.
pub fn saigon_strategy<'a>(rows: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<impl Fn(&[parsheet_reference::RefCard], u16) -> u32, String> {
    use std::collections::HashMap;
    let mut by_class: HashMap<String, u32> = HashMap::new();
    for (class, action) in rows {
        let p: u32 = action.strip_prefix("point-").and_then(|p| p.parse().ok()).filter(|p| (1..=10).contains(p)).ok_or_else(|| format!("Saigon strategy: class {class:?} has action {action:?}, not point-1..point-10"))?;
        let set = class.strip_prefix("points-").map(|s| s.split(':').next().unwrap());
        let set: Option<u16> = set.and_then(|s| s.split('-').try_fold(0u16, |m, x| x.parse::<u32>().ok().filter(|p| (1..=10).contains(p)).map(|p| m | 1 << p)));
        let set = set.ok_or_else(|| format!("Saigon strategy: class {class:?} is not a set of Point Counts (points-7-10)"))?;
        if set >> p & 1 == 0 {
            return Err(format!("Saigon strategy: class {class:?} plays {action}, which it does not reach"));
        }
        by_class.insert(class.to_string(), p);
    }
    Ok(move |hand: &[parsheet_reference::RefCard], set: u16| {
        let (class, hand_class) = saigon_classes(set, hand);
        *by_class.get(&hand_class).or_else(|| by_class.get(&class)).unwrap_or_else(|| panic!("the strategy has no row for {hand_class}"))
    })
}

/// Deals `rounds` rounds of Saigon 5 Card (680a) from a freshly shuffled 53-card deck (52 and a
/// joker, 680a.3(a)): five cards to the player, five to the dealer. A hand qualifies when some
/// three cards total 10, 20 or 30 and must then be set so ([`saigon_points`]); a player reaching
/// several Point Counts plays `choose(hand, set)`, the dealer his highest (`dealer_highest`) or
/// lowest (the house way, which 680a leaves open). Settled by 680a.11(d): neither qualifies, a
/// push; only the player, a win; only the dealer, a loss; both, the higher Point Count wins and
/// equal ones push. A win nets `win_five` on a Point Count of 5 (680a.12(b), 1 to 2) and
/// `win_other` on any other (680a.12(a), 1 to 1), as the paytable says.
pub fn saigon(choose: &dyn Fn(&[parsheet_reference::RefCard], u16) -> u32, dealer_highest: bool, win_other: f64, win_five: f64, rounds: u64, seed: u64) -> MainGameEstimate {
    let mut deck = parsheet_reference::deck(true);
    let mut rng = Xoshiro256::seed_from(seed);
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    let win = |p: u32| if p == 5 { win_five } else { win_other };
    for _ in 0..rounds {
        let cards = rng.deal(&mut deck, 10);
        let (player, dealer) = (&cards[..5], &cards[5..]);
        let (mine, theirs) = (saigon_points(player), saigon_points(dealer));
        let p = match mine.count_ones() {
            0 => 0,
            1 => mine.trailing_zeros(),
            _ => {
                let p = choose(player, mine);
                assert!(mine >> p & 1 == 1, "the strategy plays Point Count {p}, which {player:?} does not reach");
                p
            }
        };
        let d = match theirs {
            0 => 0,
            s if dealer_highest => 15 - s.leading_zeros(),
            s => s.trailing_zeros(),
        };
        let net = match (d, p) {
            (0, 0) => 0.0,
            (0, p) => win(p),
            (_, 0) => -1.0,
            (d, p) if p > d => win(p),
            (d, p) if p < d => -1.0,
            _ => 0.0,
        };
        sum += net;
        sum_sq += net * net;
    }
    MainGameEstimate::from_sums(rounds, sum, sum_sq, rounds as i64)
}
