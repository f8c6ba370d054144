//! # parsheet-reference: the slow evaluator the fast one is checked against
//!
//! The real evaluator (`parsheet-eval`) packs cards into bitmasks and answers
//! from precomputed tables. That is what makes exhaustive pay-table math
//! affordable, and it is also what makes it easy to be wrong in ways no
//! handful of examples reveals: an off-by-one in a table index, a wheel that
//! sorts as ace-high, a joker allowed to pair where the regulation says it
//! may not. Such bugs change a house edge in the fourth decimal and nobody
//! notices.
//!
//! This crate is the second opinion. It reads hands the way a person does
//! with cards on a table: write down every five-card hand the cards can
//! make, read each one by counting ranks and suits, and keep the best. For
//! wild cards it tries the readings a player could choose (the joker as an
//! ace, the joker as each missing card, the deuces as each rank), never a
//! table of answers. It is slow, and it is meant to be read: every rule is
//! written once, next to the regulation it comes from (58 Pa. Code
//! § 680a.6, § 678a.6, § 687a.6, § 688a.6).
//!
//! ## How it stays independent
//!
//! * No dependencies, not even on `parsheet-cards`: it has its own card type
//!   ([`RefCard`]), its own ordering ([`RefValue`]: a category and a tiebreak
//!   list compared lexicographically) and nothing precomputed.
//! * It is used only from tests, which assert that both evaluators order
//!   every hand the same way. A bug would have to be made twice, in two
//!   unrelated shapes of code, to slip through.
//! * Its own tests check it against numbers published or derived by hand
//!   (the 2,598,960-hand census, 7,462 distinct hand values, counts of
//!   joker and wild hands), never against numbers it printed itself.
//!
//! Speed only has to be "fine for a test in release mode": all C(53,5) hands
//! or some 100,000 seven-card hands take seconds, not minutes.

use std::fmt;

/// A playing card: a natural card, or the joker of a 53-card deck.
///
/// `rank` 0 is the deuce, 1 the three, ..., 8 the ten, 9 the jack, 10 the
/// queen, 11 the king, 12 the ace. `suit` is 0..=3; suits have no order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefCard {
    Natural { rank: u8, suit: u8 },
    Joker,
}

const DEUCE: u8 = 0;
const TEN: u8 = 8;
const QUEEN: u8 = 10;
const KING: u8 = 11;
const ACE: u8 = 12;
const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
const SUIT_CHARS: &[u8; 4] = b"cdhs";

impl RefCard {
    /// A natural card; panics on a rank above 12 or a suit above 3.
    pub fn natural(rank: u8, suit: u8) -> RefCard {
        assert!(
            rank < 13 && suit < 4,
            "no card has rank {rank} and suit {suit}"
        );
        RefCard::Natural { rank, suit }
    }

    pub fn is_joker(self) -> bool {
        self == RefCard::Joker
    }

    /// The rank of a natural card, `None` for the joker.
    pub fn rank(self) -> Option<u8> {
        match self {
            RefCard::Natural { rank, .. } => Some(rank),
            RefCard::Joker => None,
        }
    }

    /// The suit of a natural card, `None` for the joker.
    pub fn suit(self) -> Option<u8> {
        match self {
            RefCard::Natural { suit, .. } => Some(suit),
            RefCard::Joker => None,
        }
    }
}

/// Two characters, rank then suit ("As", "Td", "2c"); the joker is "Jk".
impl fmt::Display for RefCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RefCard::Natural { rank, suit } => write!(
                f,
                "{}{}",
                RANK_CHARS[rank as usize] as char, SUIT_CHARS[suit as usize] as char
            ),
            RefCard::Joker => write!(f, "Jk"),
        }
    }
}

/// The 52 natural cards, then the joker if `with_joker`.
pub fn deck(with_joker: bool) -> Vec<RefCard> {
    let mut cards = Vec::new();
    for suit in 0..4 {
        for rank in 0..13 {
            cards.push(RefCard::natural(rank, suit));
        }
    }
    if with_joker {
        cards.push(RefCard::Joker);
    }
    cards
}

/// Parses whitespace-separated cards such as `"As Kd Tc 2h Jk"`: rank from
/// `23456789TJQKA`, suit from `cdhs` (case-insensitive), joker `Jk`.
/// Panics on anything else; it exists for writing tests.
pub fn parse_cards(text: &str) -> Vec<RefCard> {
    text.split_whitespace()
        .map(|word| {
            let upper = word.to_ascii_uppercase();
            if upper == "JK" {
                return RefCard::Joker;
            }
            let bytes = upper.as_bytes();
            assert!(bytes.len() == 2, "bad card {word:?}");
            let rank = RANK_CHARS.iter().position(|&c| c == bytes[0]);
            let suit = b"CDHS".iter().position(|&c| c == bytes[1]);
            match (rank, suit) {
                (Some(rank), Some(suit)) => RefCard::natural(rank as u8, suit as u8),
                _ => panic!("bad card {word:?}"),
            }
        })
        .collect()
}

/// Hand categories, weakest first. Each game uses the ones it can make; the
/// declaration order matches every game's ordering of the ones it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefCategory {
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

impl RefCategory {
    /// Kebab-case name, e.g. `"three-of-a-kind"`.
    pub fn name(self) -> &'static str {
        match self {
            RefCategory::HighCard => "high-card",
            RefCategory::Pair => "pair",
            RefCategory::TwoPair => "two-pair",
            RefCategory::ThreeOfAKind => "three-of-a-kind",
            RefCategory::Straight => "straight",
            RefCategory::Flush => "flush",
            RefCategory::FullHouse => "full-house",
            RefCategory::FourOfAKind => "four-of-a-kind",
            RefCategory::StraightFlush => "straight-flush",
            RefCategory::FiveOfAKind => "five-of-a-kind",
            RefCategory::RoyalFlush => "royal-flush",
            RefCategory::FiveAces => "five-aces",
            RefCategory::FiveWilds => "five-wilds",
        }
    }
}

/// The strength of a hand: higher is better, equal means a tie.
///
/// The derived order compares `category` first, then `tiebreak`
/// lexicographically. Within one category (of one game) every tiebreak has
/// the same length:
///
/// | category | tiebreak |
/// | --- | --- |
/// | high card, flush | the five ranks, descending |
/// | pair | pair, then three kickers descending |
/// | two pair | high pair, low pair, kicker |
/// | three of a kind | trips, then two kickers descending |
/// | full house | trips, pair |
/// | four of a kind | quads, kicker |
/// | straight, straight flush | top card (the wheel's is the five, rank 3) |
/// | five of a kind | the rank |
/// | royal flush, five aces, five wilds | empty |
///
/// Game-specific changes: [`saigon_joker`] gives a royal flush `[1]` when
/// natural and `[0]` with the joker; [`pai_gow`] ranks straights by a key in
/// which A-K-Q-J-10 is 13 and A-2-3-4-5 is 12 (see [`pai_gow`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RefValue {
    pub category: RefCategory,
    pub tiebreak: Vec<u8>,
}

/// [`RefValue`] without the heap allocation, for the inner loops. Because a
/// category's tiebreaks all have one length, comparing the zero-padded
/// arrays orders exactly as comparing the vectors would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Val {
    category: RefCategory,
    tiebreak: [u8; 5],
    len: u8,
}

fn val(category: RefCategory, tiebreak: &[u8]) -> Val {
    let mut padded = [0u8; 5];
    padded[..tiebreak.len()].copy_from_slice(tiebreak);
    Val {
        category,
        tiebreak: padded,
        len: tiebreak.len() as u8,
    }
}

impl Val {
    fn to_value(self) -> RefValue {
        RefValue {
            category: self.category,
            tiebreak: self.tiebreak[..self.len as usize].to_vec(),
        }
    }
}

// ---------------------------------------------------------------------------
// Checking input
// ---------------------------------------------------------------------------

/// Panics unless every card is a real card and no card appears twice (so at
/// most one joker).
fn check_cards(cards: &[RefCard]) {
    for (i, &card) in cards.iter().enumerate() {
        if let RefCard::Natural { rank, suit } = card {
            assert!(
                rank < 13 && suit < 4,
                "no card has rank {rank} and suit {suit}"
            );
        }
        assert!(!cards[..i].contains(&card), "{card} appears twice");
    }
}

/// A poker hand: 5, 6 or 7 distinct cards.
fn check_hand(cards: &[RefCard]) {
    assert!(
        (5..=7).contains(&cards.len()),
        "a hand has 5 to 7 cards, not {}",
        cards.len()
    );
    check_cards(cards);
}

fn natural_rank(card: RefCard) -> u8 {
    card.rank().expect("the joker has no rank here")
}

fn natural_suit(card: RefCard) -> u8 {
    card.suit().expect("the joker has no suit here")
}

// ---------------------------------------------------------------------------
// Reading five cards
// ---------------------------------------------------------------------------

/// The top card of a straight, if the five ranks make one. The ace is high
/// (10-J-Q-K-A, top 12) or low in the wheel only (A-2-3-4-5, top 3, the
/// five); there is no wrapping (Q-K-A-2-3 is nothing).
fn straight_top(ranks: [u8; 5]) -> Option<u8> {
    let mut sorted = ranks;
    sorted.sort_unstable();
    if sorted.windows(2).any(|pair| pair[0] == pair[1]) {
        return None;
    }
    if sorted[4] - sorted[0] == 4 {
        Some(sorted[4])
    } else if sorted == [0, 1, 2, 3, ACE] {
        Some(3)
    } else {
        None
    }
}

/// Reads five ranks as an ordinary poker hand; `suited` says all five cards
/// have one suit. Five equal ranks (only possible with wild cards) read as
/// five of a kind, and A-K-Q-J-10 suited as a royal flush with an empty
/// tiebreak; the games adjust these where their rules differ.
fn read_five(ranks: [u8; 5], suited: bool) -> Val {
    let mut count = [0u8; 13];
    for &r in &ranks {
        count[r as usize] += 1;
    }
    // Ranks ordered by how often they occur, then by rank, both descending:
    // K 7 K 7 A -> K K 7 7 A. Listing each rank once in that order gives the
    // tiebreak of every grouped hand (trips before pair, pairs before kicker).
    let mut ordered = ranks;
    ordered.sort_unstable_by_key(|&r| std::cmp::Reverse((count[r as usize], r)));
    let mut groups = [0u8; 5]; // the distinct ranks, in that order
    let mut sizes = [0u8; 5]; // how many of each
    let mut n = 0;
    for &r in &ordered {
        if n == 0 || groups[n - 1] != r {
            groups[n] = r;
            sizes[n] = count[r as usize];
            n += 1;
        }
    }
    assert!(
        !suited || n == 5,
        "five cards of one suit have five different ranks"
    );
    let straight = straight_top(ranks);
    use RefCategory::*;
    match (sizes[0], sizes[1]) {
        (5, _) => val(FiveOfAKind, &groups[..1]),
        _ if suited && straight == Some(ACE) => val(RoyalFlush, &[]),
        _ if suited && straight.is_some() => val(StraightFlush, &[straight.unwrap()]),
        (4, _) => val(FourOfAKind, &groups[..2]),
        (3, 2) => val(FullHouse, &groups[..2]),
        _ if suited => val(Flush, &groups[..5]),
        _ if straight.is_some() => val(Straight, &[straight.unwrap()]),
        (3, _) => val(ThreeOfAKind, &groups[..3]),
        (2, 2) => val(TwoPair, &groups[..3]),
        (2, _) => val(Pair, &groups[..4]),
        _ => val(HighCard, &groups[..5]),
    }
}

/// Reads five natural cards as an ordinary poker hand.
fn read_naturals(five: [RefCard; 5]) -> Val {
    let ranks = five.map(natural_rank);
    let suit = natural_suit(five[0]);
    read_five(ranks, five.iter().all(|&c| natural_suit(c) == suit))
}

/// The best of `read(h)` over every five-card hand `h` made from `cards`.
fn best_of_fives(cards: &[RefCard], mut read: impl FnMut([RefCard; 5]) -> Val) -> RefValue {
    let n = cards.len();
    let mut best: Option<Val> = None;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let v = read([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                        best = best.max(Some(v)); // None is below every Some
                    }
                }
            }
        }
    }
    best.expect("a hand has at least five cards").to_value()
}

// ---------------------------------------------------------------------------
// 1. Standard poker
// ---------------------------------------------------------------------------

/// Ordinary high poker, best five of 5-7 cards, no joker (panics on one).
///
/// A-K-Q-J-10 suited is [`RefCategory::RoyalFlush`], other straight flushes
/// [`RefCategory::StraightFlush`]. The ace is low only in A-2-3-4-5.
pub fn standard(cards: &[RefCard]) -> RefValue {
    check_hand(cards);
    assert!(
        !cards.contains(&RefCard::Joker),
        "standard poker has no joker"
    );
    best_of_fives(cards, read_naturals)
}

// ---------------------------------------------------------------------------
// 2-3. The semi-wild joker (Saigon / Face Up Pai Gow)
// ---------------------------------------------------------------------------

/// Every legal reading of five cards under the semi-wild joker, as
/// `(reading, joker completes the hand as a specific card)`.
///
/// Without the joker there is one reading. With it (58 Pa. Code
/// § 680a.6(c), § 688a.6(c)): (a) the joker is an ace of no suit: it pairs
/// with aces, can make five aces, never counts toward a flush; or (b) the
/// joker is any card not among the other four, allowed only when the result
/// is a straight, flush, straight flush or royal flush.
fn semi_wild_readings(five: [RefCard; 5]) -> Vec<(Val, bool)> {
    let others: Vec<RefCard> = five.iter().copied().filter(|c| !c.is_joker()).collect();
    if others.len() == 5 {
        return vec![(read_naturals(five), false)];
    }
    let mut readings = Vec::new();
    // (a) An ace of no suit.
    let mut ranks = [ACE; 5];
    for (i, &card) in others.iter().enumerate() {
        ranks[i] = natural_rank(card);
    }
    let as_ace = read_five(ranks, false);
    let as_ace = if as_ace.category == RefCategory::FiveOfAKind {
        val(RefCategory::FiveAces, &[]) // four aces and the joker
    } else {
        as_ace
    };
    readings.push((as_ace, false));
    // (b) A specific missing card, if that completes a straight or flush.
    for card in deck(false) {
        if others.contains(&card) {
            continue;
        }
        let v = read_naturals([others[0], others[1], others[2], others[3], card]);
        use RefCategory::*;
        if matches!(v.category, Straight | Flush | StraightFlush | RoyalFlush) {
            readings.push((v, true));
        }
    }
    readings
}

/// Saigon-style semi-wild joker poker (58 Pa. Code § 680a.6(c)): best five
/// of 5-7 cards, the joker playing as an ace or completing a straight,
/// flush, straight flush or royal flush.
///
/// Order, best first: five aces; natural royal flush; royal flush with the
/// joker; straight flush; four of a kind; and on down as in [`standard`].
/// The two royals differ only in the tiebreak: `[1]` natural, `[0]` with the
/// joker.
pub fn saigon_joker(cards: &[RefCard]) -> RefValue {
    check_hand(cards);
    best_of_fives(cards, |five| {
        semi_wild_readings(five)
            .into_iter()
            .map(|(v, joker_completes)| {
                if v.category == RefCategory::RoyalFlush {
                    val(
                        RefCategory::RoyalFlush,
                        &[if joker_completes { 0 } else { 1 }],
                    )
                } else {
                    v
                }
            })
            .max()
            .expect("every hand has a reading")
    })
}

/// Face Up Pai Gow straight key: A-K-Q-J-10 is 13, A-2-3-4-5 is 12, any
/// other straight its top card (K-high 11 down to 6-high 4).
fn pai_gow_straight_key(top: u8) -> u8 {
    match top {
        ACE => 13,
        3 => 12, // only the wheel tops out at the five
        other => other,
    }
}

/// Face Up Pai Gow five-card hands (58 Pa. Code § 688a.6): the same joker
/// as [`saigon_joker`], ordered per § 688a.6(b), best first:
///
/// 1. five aces;
/// 2. royal flush (natural and joker royals tie);
/// 3. straight flush, A-2-3-4-5 suited the highest (above K-Q-J-10-9);
/// 4. four of a kind, full house, flush;
/// 5. straight: A-K-Q-J-10 the highest, A-2-3-4-5 the second highest, then
///    K-Q-J-10-9 down to 2-3-4-5-6;
/// 6. three of a kind, two pair, pair, high card.
///
/// Straight and straight flush tiebreaks are `[key]` with A-K-Q-J-10 = 13,
/// A-2-3-4-5 = 12 and otherwise the top card's rank.
pub fn pai_gow(cards: &[RefCard]) -> RefValue {
    check_hand(cards);
    best_of_fives(cards, |five| {
        semi_wild_readings(five)
            .into_iter()
            .map(|(v, _)| match v.category {
                RefCategory::Straight | RefCategory::StraightFlush => {
                    val(v.category, &[pai_gow_straight_key(v.tiebreak[0])])
                }
                _ => v, // royal flushes already have an empty tiebreak
            })
            .max()
            .expect("every hand has a reading")
    })
}

// ---------------------------------------------------------------------------
// 4. Deuces and the joker wild (DJ Wild)
// ---------------------------------------------------------------------------

fn is_dj_wild(card: RefCard) -> bool {
    card.is_joker() || card.rank() == Some(DEUCE)
}

/// Calls `f` with every way to pick `count` ranks from `lowest..=12`, each
/// way once, in ascending order: with `repeats`, every multiset; without,
/// every set of distinct ranks not marked in `excluded`.
fn choose_ranks(
    count: usize,
    lowest: u8,
    repeats: bool,
    excluded: &[bool; 13],
    chosen: &mut Vec<u8>,
    f: &mut dyn FnMut(&[u8]),
) {
    if chosen.len() == count {
        f(chosen);
        return;
    }
    for r in lowest..13 {
        if excluded[r as usize] {
            continue;
        }
        chosen.push(r);
        let next = if repeats { r } else { r + 1 };
        choose_ranks(count, next, repeats, excluded, chosen, f);
        chosen.pop();
    }
}

/// Best reading of five cards with the four deuces and the joker wild.
fn read_deuces_joker_wild(five: [RefCard; 5]) -> Val {
    let naturals: Vec<RefCard> = five.iter().copied().filter(|&c| !is_dj_wild(c)).collect();
    let wilds = 5 - naturals.len();
    if wilds == 5 {
        return val(RefCategory::FiveWilds, &[]);
    }
    let mut ranks = [0u8; 5];
    for (i, &card) in naturals.iter().enumerate() {
        ranks[i] = natural_rank(card);
    }
    let mut best: Option<Val> = None;
    let mut consider = |chosen: &[u8], suited: bool| {
        let mut all = ranks;
        all[naturals.len()..].copy_from_slice(chosen);
        best = best.max(Some(read_five(all, suited)));
    };
    // (i) Wilds as any ranks, duplicates of naturals allowed; suits ignored,
    // so no flush (this is where five of a kind comes from).
    choose_ranks(
        wilds,
        0,
        true,
        &[false; 13],
        &mut Vec::new(),
        &mut |chosen| consider(chosen, false),
    );
    // (ii) If the naturals share a suit, wilds as distinct missing cards of
    // that suit: flush, straight flush or royal flush.
    let suit = natural_suit(naturals[0]);
    if naturals.iter().all(|&c| natural_suit(c) == suit) {
        let mut held = [false; 13];
        for &r in &ranks[..naturals.len()] {
            held[r as usize] = true;
        }
        choose_ranks(wilds, 0, false, &held, &mut Vec::new(), &mut |chosen| {
            consider(chosen, true)
        });
    }
    best.expect("the wilds can always take some ranks")
}

/// DJ Wild (58 Pa. Code § 687a.6): the four deuces and the joker are fully
/// wild. Best five of 5-7 cards.
///
/// Order, best first: five wilds (all four deuces and the joker); royal
/// flush (natural or with wilds, equal); five of a kind; straight flush;
/// four of a kind; full house; flush; straight; three of a kind; two pair;
/// pair; high card. Wilds may duplicate natural cards for hands made of
/// ranks (five of a kind needs that), but a flush is five different cards.
pub fn deuces_joker_wild(cards: &[RefCard]) -> RefValue {
    check_hand(cards);
    best_of_fives(cards, read_deuces_joker_wild)
}

/// The category of a DJ Wild hand when every deuce plays as a natural two
/// (that is, [`standard`]); `None` if the joker is present.
pub fn deuces_natural_category(cards: &[RefCard]) -> Option<RefCategory> {
    if cards.contains(&RefCard::Joker) {
        None
    } else {
        Some(standard(cards).category)
    }
}

// ---------------------------------------------------------------------------
// 5. High Card Flush
// ---------------------------------------------------------------------------

/// High Card Flush (58 Pa. Code § 678a.6): the length of the hand's longest
/// flush and that flush's ranks, descending. If two suits are equally long,
/// the one whose descending ranks are lexicographically larger counts. Two
/// hands compare as these tuples. Meant for 7 natural cards; any number of
/// distinct natural cards is accepted.
pub fn hcf_value(cards: &[RefCard]) -> (u8, Vec<u8>) {
    check_cards(cards);
    assert!(
        !cards.contains(&RefCard::Joker),
        "High Card Flush has no joker"
    );
    let mut best = (0u8, Vec::new());
    for suit in 0..4 {
        let mut ranks: Vec<u8> = cards
            .iter()
            .filter(|c| c.suit() == Some(suit))
            .map(|&c| natural_rank(c))
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let candidate = (ranks.len() as u8, ranks);
        if candidate > best {
            best = candidate;
        }
    }
    best
}

/// High Card Flush straight-flush length: the longest run of consecutive
/// ranks within one suit. The ace may be high (Q-K-A) or low (A-2-3) but
/// runs do not wrap (K-A-2 is two runs). 1 when no two suited cards are
/// consecutive (0 only for no cards at all).
pub fn hcf_longest_straight_flush(cards: &[RefCard]) -> u8 {
    check_cards(cards);
    assert!(
        !cards.contains(&RefCard::Joker),
        "High Card Flush has no joker"
    );
    let mut longest = 0;
    for suit in 0..4 {
        // Position 0 is the ace played low, positions 1..=13 the deuce..ace.
        let mut present = [false; 14];
        for card in cards.iter().filter(|c| c.suit() == Some(suit)) {
            let rank = natural_rank(*card);
            present[rank as usize + 1] = true;
            if rank == ACE {
                present[0] = true;
            }
        }
        let mut run = 0;
        for &here in &present {
            run = if here { run + 1 } else { 0 };
            longest = longest.max(run);
        }
    }
    longest
}

// ---------------------------------------------------------------------------
// 6. Face Up Pai Gow extras
// ---------------------------------------------------------------------------

/// A Face Up Pai Gow two-card low hand: a pair (`[rank]`) or high cards
/// (`[high, low]`). The joker counts as an ace.
pub fn low_hand(two: &[RefCard]) -> RefValue {
    assert!(
        two.len() == 2,
        "a low hand has two cards, not {}",
        two.len()
    );
    check_cards(two);
    let rank = |card: RefCard| card.rank().unwrap_or(ACE);
    let (a, b) = (rank(two[0]), rank(two[1]));
    if a == b {
        RefValue {
            category: RefCategory::Pair,
            tiebreak: vec![a],
        }
    } else {
        RefValue {
            category: RefCategory::HighCard,
            tiebreak: vec![a.max(b), a.min(b)],
        }
    }
}

/// Seven-card hands that Face Up Pai Gow bonus wagers pay on, per 58 Pa.
/// Code § 688a.6(e)-(f). Each flag is independent of the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SevenCardLines {
    /// Seven natural cards of one suit in consecutive ranks.
    pub seven_card_straight_flush_natural: bool,
    /// Six natural cards of one suit and the joker making seven consecutive ranks.
    pub seven_card_straight_flush_with_joker: bool,
    /// A-K-Q-J-10 of one suit (the joker may be one of them) plus a natural
    /// K and Q of another suit.
    pub royal_plus_royal_match: bool,
    /// Four aces and the joker.
    pub five_aces: bool,
    /// Four of one rank other than aces, and the joker.
    pub five_of_a_kind: bool,
    /// At least three ranks held at least twice each, the joker counting
    /// as an ace (§ 688a.6(a): it "shall be used and ranked as an ace").
    pub three_pair: bool,
}

/// Whether these distinct ranks are consecutive, the ace high or low but
/// not both at once (no wrapping).
fn consecutive(ranks: &[u8]) -> bool {
    let run = |positions: &mut Vec<i32>| {
        positions.sort_unstable();
        positions.windows(2).all(|pair| pair[1] == pair[0] + 1)
    };
    let mut ace_high: Vec<i32> = ranks.iter().map(|&r| r as i32).collect();
    let mut ace_low: Vec<i32> = ranks
        .iter()
        .map(|&r| if r == ACE { -1 } else { r as i32 })
        .collect();
    run(&mut ace_high) || run(&mut ace_low)
}

/// The Face Up Pai Gow seven-card bonus hands held by these seven cards.
pub fn pai_gow_seven_card_lines(cards: &[RefCard; 7]) -> SevenCardLines {
    check_cards(cards);
    let joker = cards.contains(&RefCard::Joker);
    let naturals: Vec<RefCard> = cards.iter().copied().filter(|c| !c.is_joker()).collect();
    let ranks: Vec<u8> = naturals.iter().map(|&c| natural_rank(c)).collect();
    let one_suit = naturals.iter().all(|&c| c.suit() == naturals[0].suit());
    let has = |rank: u8, suit: u8| cards.contains(&RefCard::natural(rank, suit));
    let mut count = [0u8; 13];
    for &r in &ranks {
        count[r as usize] += 1;
    }

    let seven_card_straight_flush_natural = !joker && one_suit && consecutive(&ranks);
    let seven_card_straight_flush_with_joker = joker
        && one_suit
        && (0..13).any(|r| {
            let mut seven = ranks.clone();
            seven.push(r);
            !ranks.contains(&r) && consecutive(&seven)
        });

    let mut royal_plus_royal_match = false;
    for royal_suit in 0..4 {
        let royal_held = [ACE, KING, QUEEN, 9, TEN]
            .iter()
            .filter(|&&r| has(r, royal_suit))
            .count();
        let royal = royal_held == 5 || (royal_held == 4 && joker);
        for match_suit in (0..4).filter(|&s| s != royal_suit) {
            if royal && has(KING, match_suit) && has(QUEEN, match_suit) {
                royal_plus_royal_match = true;
            }
        }
    }

    SevenCardLines {
        seven_card_straight_flush_natural,
        seven_card_straight_flush_with_joker,
        royal_plus_royal_match,
        five_aces: joker && count[ACE as usize] == 4,
        five_of_a_kind: joker && (0..ACE).any(|r| count[r as usize] == 4),
        three_pair: (0..13)
            .filter(|&r| count[r as usize] + (joker && r == ACE) as u8 >= 2)
            .count()
            >= 3,
    }
}
