//! Properties of the fast ranking core that must hold for every hand, checked on random 5-, 6-
//! and 7-card hands of each ranking's deck (proptest, a fixed seed and a fixed number of cases).
//!
//! * Order and suits do not matter: a hand's key built by adding its cards in any order ranks
//!   the same, and relabelling the suits by any of the 24 permutations changes nothing.
//! * More cards never hurt: every ranking is "best five", so adding a card never lowers a rank.
//! * Wild cards never hurt, as far as their rules allow. A DJ Wild wild card (a deuce or the
//!   joker) can play as any card, including the one it replaced, so replacing a natural card by
//!   a wild card never lowers the rank. The semi-wild joker cannot: replacing the king of a pair
//!   of kings by the joker leaves ace high. What does hold is that the joker is at least an ace:
//!   replacing a card by the joker never ranks below replacing it by an ace not in the hand
//!   (the ace's suit can only help it to a flush, which the joker may complete too), with one
//!   exception the Joker ranking makes on purpose: a natural royal beats a royal with the joker.
//! * The joker is exactly its substitutions (680a.6(c), 688a.6(c)): a hand with the joker has
//!   the category of the best ordinary hand made by replacing the joker with an ace, or with any
//!   card not in the hand when the result is a straight, flush, straight flush or royal flush;
//!   four aces and the joker are five aces. Under the Joker ranking the order agrees too: hands
//!   compare as their best substitutions compare under ordinary poker, five aces on top and a
//!   natural royal above a royal with the joker.
//! * Ranks are a total order consistent with categories: a higher rank never has a lower
//!   category, and a higher category always has a higher rank.

use parsheet_cards::{Card, CardSet, Deck, Rank, Suit};
use parsheet_eval::{Category, Evaluator, HandKey, HandRank, Ranking};
use proptest::prelude::*;
use proptest::sample::subsequence;
use proptest::test_runner::RngSeed;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Nothing is written next to the sources: a failure prints its minimal hand.
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x7061_7273_6865_6574), // "parsheet"
        ..ProptestConfig::default()
    }
}

fn deck_of(ranking: Ranking) -> Vec<Card> {
    if ranking.uses_joker() { Deck::with_joker() } else { Deck::standard() }.cards().to_vec()
}

/// Cards to draw a hand from: a third of the time the whole deck; otherwise a crowded corner of
/// it where pairs, straights, flushes, straight flushes, royals and five aces are common: six
/// consecutive ranks (or the wheel's ace to six) in two to four suits, ten to ace in every suit,
/// or aces, kings and queens.
fn deck_strategy(with_joker: bool) -> impl Strategy<Value = Vec<Card>> {
    let full = if with_joker { Deck::with_joker() } else { Deck::standard() }.cards().to_vec();
    let of = move |ranks: Vec<u8>, suits: Vec<Suit>| {
        let mut cards: Vec<Card> = ranks.iter().flat_map(|&r| suits.iter().map(move |&s| Card::new(Rank(r), s))).collect();
        if with_joker {
            cards.push(Card::JOKER);
        }
        cards
    };
    let six_ranks = (0u8..=7, any::<bool>(), subsequence(Suit::ALL.to_vec(), 2..=4)).prop_map(move |(start, wheel, suits)| {
        let ranks: Vec<u8> = if wheel { vec![12, 0, 1, 2, 3, 4] } else { (start..start + 6).collect() };
        of(ranks, suits)
    });
    prop_oneof![
        3 => Just(full),
        3 => six_ranks,
        2 => Just(of(vec![8, 9, 10, 11, 12], Suit::ALL.to_vec())),
        1 => Just(of(vec![10, 11, 12], Suit::ALL.to_vec())),
    ]
}

/// `sizes` distinct cards of a deck from `deck_strategy`, in random order.
fn hand_sized(with_joker: bool, sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Card>> {
    (deck_strategy(with_joker), sizes).prop_flat_map(|(deck, k)| subsequence(deck, k)).prop_shuffle()
}

/// 5 to 7 distinct cards of a ranking's deck.
fn hand_of(ranking: Ranking) -> impl Strategy<Value = Vec<Card>> {
    hand_sized(ranking.uses_joker(), 5..=7)
}

/// A ranking and a hand of its deck.
fn ranked_hand() -> impl Strategy<Value = (Ranking, Vec<Card>)> {
    prop::sample::select(Ranking::ALL.to_vec()).prop_flat_map(|r| (Just(r), hand_of(r)))
}

/// A hand of 5 to 7 cards that holds the joker.
fn joker_hand() -> impl Strategy<Value = Vec<Card>> {
    hand_sized(false, 4..=6)
        .prop_map(|mut cards| {
            cards.push(Card::JOKER);
            cards
        })
        .prop_shuffle()
}

/// Half with the joker, half from the 52 natural cards, so joker hands are well represented.
fn joker_deck_hand() -> impl Strategy<Value = Vec<Card>> {
    prop_oneof![joker_hand(), hand_sized(false, 5..=7)]
}

fn set(cards: &[Card]) -> CardSet {
    CardSet::from_cards(cards.iter().copied())
}

fn key_in_order(e: &Evaluator, cards: &[Card]) -> HandKey {
    cards.iter().fold(HandKey::EMPTY, |k, &c| k + e.key(c))
}

/// The 24 relabellings of the four suits.
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut all = Vec::new();
    for a in 0..4u8 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                all.push([a, b, c, d]);
            }
        }
    }
    assert_eq!(all.len(), 24);
    all
}

fn relabel(card: Card, p: [u8; 4]) -> Card {
    match (card.rank(), card.suit()) {
        (Some(r), Some(s)) => Card::new(r, Suit(p[s.0 as usize])),
        _ => card,
    }
}

fn is_wild_in_dj(card: Card) -> bool {
    card.is_joker() || card.rank() == Some(Rank::TWO)
}

fn aces() -> impl Iterator<Item = Card> {
    Suit::ALL.into_iter().map(|s| Card::new(Rank::ACE, s))
}

/// Whether the natural cards hold A-K-Q-J-10 of one suit.
fn has_natural_royal(cards: CardSet) -> bool {
    const ROYAL: u16 = 0x1f00; // ten (rank 8) to ace (rank 12)
    Suit::ALL.into_iter().any(|s| cards.suit_ranks(s) & ROYAL == ROYAL)
}

/// The semi-wild joker read by substitution, with ordinary poker (the Standard ranking) doing
/// all the ranking: `(five aces, best legal substitution's standard rank, natural royal)`,
/// compared lexicographically. Hands without the joker are themselves.
fn substitution_key(cards: &[Card]) -> (bool, HandRank, bool) {
    let standard = Evaluator::get(Ranking::Standard);
    let naturals = set(cards).minus(CardSet::from_cards([Card::JOKER]));
    let natural_royal = has_natural_royal(naturals);
    if !set(cards).has_joker() {
        return (false, standard.evaluate(naturals), natural_royal);
    }
    if naturals.count_rank(Rank::ACE) == 4 {
        return (true, HandRank(0), false);
    }
    let mut best = None;
    for &c in Deck::standard().cards() {
        if naturals.contains(c) {
            continue;
        }
        let r = standard.evaluate(naturals.with(c));
        let completes = matches!(standard.category(r), Category::Straight | Category::Flush | Category::StraightFlush | Category::RoyalFlush);
        if c.rank() == Some(Rank::ACE) || completes {
            best = best.max(Some(r));
        }
    }
    (false, best.expect("some ace is missing"), natural_royal)
}

/// The category `substitution_key` describes.
fn substitution_category(key: (bool, HandRank, bool)) -> Category {
    if key.0 {
        Category::FiveAces
    } else {
        let standard = Evaluator::get(Ranking::Standard);
        standard.category(key.1)
    }
}

proptest! {
    #![proptest_config(config(10000))]

    /// (a) Card order and suit labels do not change a rank.
    #[test]
    fn rank_ignores_card_order_and_suit_labels((ranking, cards) in ranked_hand(), seed in any::<u64>()) {
        let e = Evaluator::get(ranking);
        let rank = e.evaluate(set(&cards));
        prop_assert_eq!(e.rank_key(key_in_order(e, &cards)), rank);
        let mut reversed = cards.clone();
        reversed.reverse();
        prop_assert_eq!(e.rank_key(key_in_order(e, &reversed)), rank);
        // Another order: a rotation chosen by the seed.
        let mut rotated = cards.clone();
        rotated.rotate_left((seed % cards.len() as u64) as usize);
        prop_assert_eq!(e.rank_key(key_in_order(e, &rotated)), rank);
        for p in suit_permutations() {
            let relabelled: Vec<Card> = cards.iter().map(|&c| relabel(c, p)).collect();
            prop_assert_eq!(e.evaluate(set(&relabelled)), rank, "suits relabelled by {:?}: {:?}", p, relabelled);
        }
    }

    /// Best five of more cards: adding a card never lowers a rank.
    #[test]
    fn adding_a_card_never_lowers_a_rank((ranking, cards) in ranked_hand()) {
        let e = Evaluator::get(ranking);
        let hand = set(&cards[..cards.len().min(6)]);
        let rank = e.evaluate(hand);
        for c in deck_of(ranking) {
            if !hand.contains(c) {
                prop_assert!(e.evaluate(hand.with(c)) >= rank, "{} + {}", hand, c);
            }
        }
    }

    /// (b) DJ Wild: a wild card can play as the card it replaced, so it never lowers the rank.
    #[test]
    fn a_dj_wild_card_never_lowers_a_hand(cards in hand_of(Ranking::DeucesJokerWild)) {
        let e = Evaluator::get(Ranking::DeucesJokerWild);
        let hand = set(&cards);
        let rank = e.evaluate(hand);
        let wilds_out: Vec<Card> = deck_of(Ranking::DeucesJokerWild).into_iter().filter(|&c| is_wild_in_dj(c) && !hand.contains(c)).collect();
        for &x in cards.iter().filter(|&&c| !is_wild_in_dj(c)) {
            for &w in &wilds_out {
                let replaced = hand.minus(CardSet::from_cards([x])).with(w);
                prop_assert!(e.evaluate(replaced) >= rank, "{}: {} for {} ranks lower", hand, w, x);
            }
        }
    }

    /// (b) The semi-wild joker is at least an ace: replacing a card by the joker never ranks
    /// below replacing it by an ace not in the hand (Pai Gow), and never falls into a lower
    /// category (Joker), where only a natural royal may outrank the joker's royal.
    #[test]
    fn the_semi_wild_joker_is_at_least_a_missing_ace(cards in hand_of(Ranking::Standard)) {
        let hand = set(&cards);
        for ranking in [Ranking::Joker, Ranking::PaiGow] {
            let e = Evaluator::get(ranking);
            for &x in &cards {
                let rest = hand.minus(CardSet::from_cards([x]));
                let with_joker = e.evaluate(rest.with(Card::JOKER));
                for ace in aces().filter(|&a| !hand.contains(a)) {
                    let with_ace = e.evaluate(rest.with(ace));
                    prop_assert!(e.category(with_joker) >= e.category(with_ace), "{:?} {}: joker for {} below {}", ranking, hand, x, ace);
                    let royal_exception = ranking == Ranking::Joker
                        && e.is_natural_royal(with_ace)
                        && !e.is_natural_royal(with_joker)
                        && e.category(with_joker) == Category::RoyalFlush;
                    prop_assert!(with_joker >= with_ace || royal_exception, "{:?} {}: joker for {} ranks below {}", ranking, hand, x, ace);
                }
            }
        }
    }

    /// (c) A hand with the joker has the category of its best legal substitution, under both
    /// semi-wild rankings.
    #[test]
    fn the_joker_is_its_best_legal_substitution(cards in joker_hand()) {
        let expected = substitution_category(substitution_key(&cards));
        for ranking in [Ranking::Joker, Ranking::PaiGow] {
            let e = Evaluator::get(ranking);
            prop_assert_eq!(e.category(e.evaluate(set(&cards))), expected, "{:?} {:?}", ranking, cards);
        }
    }

    /// (c) Under the Joker ranking, hands (with or without the joker) compare exactly as their
    /// best substitutions compare under ordinary poker, with five aces on top and a natural
    /// royal above a royal with the joker.
    #[test]
    fn joker_ranks_order_like_their_substitutions(a in joker_deck_hand(), b in joker_deck_hand()) {
        let e = Evaluator::get(Ranking::Joker);
        let (ra, rb) = (e.evaluate(set(&a)), e.evaluate(set(&b)));
        let (ka, kb) = (substitution_key(&a), substitution_key(&b));
        prop_assert_eq!(ra.cmp(&rb), ka.cmp(&kb), "{:?} vs {:?}: keys {:?} {:?}", a, b, ka, kb);
        prop_assert_eq!(e.is_natural_royal(ra), e.category(ra) == Category::RoyalFlush && ka.2);
    }

    /// (d) Ranks are a total order consistent with categories.
    #[test]
    fn ranks_are_consistent_with_categories(
        (ranking, a) in ranked_hand(),
        b_seed in any::<prop::sample::Index>(),
        others in prop::collection::vec(any::<prop::sample::Index>(), 7),
        size in 5usize..=7,
    ) {
        // A second hand of the same ranking's deck, picked by indices into the deck.
        let mut deck = deck_of(ranking);
        let start = b_seed.index(deck.len());
        deck.rotate_left(start);
        let mut b = Vec::new();
        for i in others.iter().take(size) {
            let c = deck.remove(i.index(deck.len()));
            b.push(c);
        }
        let e = Evaluator::get(ranking);
        let (ra, rb) = (e.evaluate(set(&a)), e.evaluate(set(&b)));
        let (ca, cb) = (e.category(ra), e.category(rb));
        prop_assert!(ra <= rb || ca >= cb, "{:?}: {:?} ranks above {:?} with a lower category", ranking, a, b);
        prop_assert!(ca <= cb || ra > rb, "{:?}: {:?} has the higher category but not the higher rank", ranking, a);
        prop_assert!(ra != rb || ca == cb, "{:?}: equal ranks, different categories", ranking);
        prop_assert!(ra.0 >= 1 && (ra.0 as usize) <= e.class_count());
    }
}
