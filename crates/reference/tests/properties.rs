//! Properties that must hold for every hand, checked on random seven-card
//! hands from the 53-card deck. Each relates two readings that are computed
//! differently, so a bug in either shows.

mod common;

use common::SplitMix64;
use parsheet_reference::*;
use RefCategory::*;

type Evaluator = fn(&[RefCard]) -> RefValue;

const EVALUATORS: [(&str, Evaluator); 3] = [
    ("saigon_joker", saigon_joker),
    ("pai_gow", pai_gow),
    ("deuces_joker_wild", deuces_joker_wild),
];

fn without(cards: &[RefCard], skip: usize) -> Vec<RefCard> {
    cards
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != skip)
        .map(|(_, &c)| c)
        .collect()
}

fn relabel_suits(cards: &[RefCard], perm: [u8; 4]) -> Vec<RefCard> {
    cards
        .iter()
        .map(|&c| match c {
            RefCard::Natural { rank, suit } => RefCard::natural(rank, perm[suit as usize]),
            RefCard::Joker => RefCard::Joker,
        })
        .collect()
}

/// 100,000 random seven-card hands through every evaluator (this is also
/// the speed check: the brief is "well under a minute"). On a sample:
/// the seven-card value is the best six-card value (dropping any one card),
/// and relabelling suits or reordering cards changes nothing.
#[test]
fn seven_card_hands_are_best_of_six_and_suit_blind() {
    let deck = deck(true);
    let mut rng = SplitMix64(0x5EED_0001);
    for i in 0..100_000 {
        let hand = rng.hand(&deck, 7);
        for (name, eval) in EVALUATORS {
            let value = eval(&hand);
            if i % 25 != 0 {
                continue;
            }
            let best_six = (0..7)
                .map(|skip| eval(&without(&hand, skip)))
                .max()
                .unwrap();
            assert_eq!(value, best_six, "{name} {hand:?}");
            let perm = [[1, 2, 3, 0], [3, 2, 1, 0], [0, 2, 1, 3]][i % 3];
            assert_eq!(value, eval(&relabel_suits(&hand, perm)), "{name} {hand:?}");
            let mut reversed = hand.clone();
            reversed.reverse();
            assert_eq!(value, eval(&reversed), "{name} {hand:?}");
        }
    }
}

/// Without their special cards the games are standard poker, up to the
/// documented tiebreak changes.
#[test]
fn games_without_special_cards_are_standard() {
    let naturals = deck(false);
    let no_deuces: Vec<RefCard> = naturals
        .iter()
        .copied()
        .filter(|c| c.rank() != Some(0))
        .collect();
    let mut rng = SplitMix64(0x5EED_0002);
    for _ in 0..20_000 {
        let hand = rng.hand(&naturals, 7);
        let std = standard(&hand);
        let saigon = saigon_joker(&hand);
        let expect_saigon = match std.category {
            RoyalFlush => RefValue {
                category: RoyalFlush,
                tiebreak: vec![1],
            },
            _ => std.clone(),
        };
        assert_eq!(saigon, expect_saigon, "{hand:?}");
        let pai = pai_gow(&hand);
        assert_eq!(pai.category, std.category, "{hand:?}");
        if !matches!(std.category, Straight | StraightFlush) {
            assert_eq!(pai, std, "{hand:?}");
        }
        assert_eq!(deuces_natural_category(&hand), Some(std.category));

        let hand = rng.hand(&no_deuces, 7);
        assert_eq!(deuces_joker_wild(&hand), standard(&hand), "{hand:?}");
    }
}

/// A wild card is at least as good as any card it could stand for: in DJ
/// Wild, the joker beats or ties every absent non-deuce card in its place;
/// in Face Up Pai Gow (where joker and natural royals tie) the joker beats
/// or ties any absent ace in its place.
#[test]
fn wild_cards_are_at_least_the_cards_they_replace() {
    let deck = deck(true);
    let mut rng = SplitMix64(0x5EED_0003);
    let mut checked = 0;
    while checked < 3_000 {
        let hand = rng.hand(&deck, 7);
        let Some(at) = hand.iter().position(|c| c.is_joker()) else {
            continue;
        };
        checked += 1;
        let with_joker_dj = deuces_joker_wild(&hand);
        let with_joker_pg = pai_gow(&hand);
        for card in deck.iter().copied().filter(|c| !hand.contains(c)) {
            let mut replaced = hand.clone();
            replaced[at] = card;
            if card.rank() != Some(0) {
                assert!(
                    with_joker_dj >= deuces_joker_wild(&replaced),
                    "{hand:?} vs {card}"
                );
            }
            if card.rank() == Some(12) {
                assert!(with_joker_pg >= pai_gow(&replaced), "{hand:?} vs {card}");
            }
        }
    }
}

/// The High Card Flush helpers agree with the poker evaluators: a run of
/// five or more suited cards is exactly a straight flush (or royal); a flush
/// of five or more is exactly a flush or better made of one suit.
#[test]
fn high_card_flush_agrees_with_standard() {
    let deck = deck(false);
    let mut rng = SplitMix64(0x5EED_0004);
    for _ in 0..50_000 {
        let hand = rng.hand(&deck, 7);
        let std = standard(&hand).category;
        let run = hcf_longest_straight_flush(&hand);
        assert!((1..=7).contains(&run));
        assert_eq!(
            run >= 5,
            matches!(std, StraightFlush | RoyalFlush),
            "{hand:?}"
        );
        let (length, ranks) = hcf_value(&hand);
        assert_eq!(ranks.len(), length as usize);
        assert!(ranks.windows(2).all(|w| w[0] > w[1]));
        if length >= 5 {
            assert!(std >= Flush, "{hand:?}");
        } else {
            assert!(
                !matches!(std, Flush | StraightFlush | RoyalFlush),
                "{hand:?}"
            );
        }
    }
}

/// The seven-card lines agree with the five-card evaluators where they
/// overlap: five aces and five of a kind with Saigon's reading.
#[test]
fn seven_card_lines_agree_with_five_card_hands() {
    let deck = deck(true);
    let mut rng = SplitMix64(0x5EED_0005);
    // Random hands almost never hold these, so deal them on purpose too.
    let mut hands: Vec<Vec<RefCard>> = (0..20_000).map(|_| rng.hand(&deck, 7)).collect();
    for rank in 0..13 {
        let mut hand: Vec<RefCard> = (0..4).map(|s| RefCard::natural(rank, s)).collect();
        hand.push(RefCard::Joker);
        let rest: Vec<RefCard> = deck.iter().copied().filter(|c| !hand.contains(c)).collect();
        hand.extend(rng.hand(&rest, 2));
        hands.push(hand);
    }
    for hand in hands {
        let cards: [RefCard; 7] = hand.clone().try_into().unwrap();
        let lines = pai_gow_seven_card_lines(&cards);
        assert_eq!(
            lines.five_aces,
            saigon_joker(&hand).category == FiveAces,
            "{hand:?}"
        );
        let four_and_joker = hand.contains(&RefCard::Joker)
            && (0..12).any(|r| hand.iter().filter(|c| c.rank() == Some(r)).count() == 4);
        assert_eq!(lines.five_of_a_kind, four_and_joker, "{hand:?}");
        if lines.five_of_a_kind {
            assert!(deuces_joker_wild(&hand).category >= FiveOfAKind);
        }
        if lines.seven_card_straight_flush_natural {
            assert!(standard(&hand).category >= StraightFlush);
        }
    }
}
