//! 神速 Shensu — 夏侯渊.
//!
//! 你可以选择一至两项：跳过你的判定阶段和摸牌阶段；或跳过你的出牌阶段并弃置一张装备牌。你每选择一项，视为你使用一张无距离限制的【杀】。
//! You may choose one or both: skip your judgment and draw phases; or skip your play phase and
//! discard an equipment card. For each, you are treated as using a Slash with no distance limit.
//!
//! W-SHENSU-1: two separate decisions — the first as the turn would enter its judgment phase
//! (neither it nor the draw phase already skipped), the second as it would enter its play phase
//! (not already skipped, with an equipment card in hand or equipped). W-SHENSU-2: the targets are
//! chosen with the option (distance ignored, prohibitions kept; extra-target modifiers apply).
//! W-SHENSU-3: the equipment card is discarded first, then the phase is skipped and the 杀 used.
//! W-SHENSU-4: a virtual colourless 杀 of normal nature, used by 夏侯渊 (responses, weapons and
//! armor work as for any 杀). W-SHENSU-5: used outside the play phase's count, it never uses up
//! the one-杀 allowance. W-SHENSU-6: a skipped phase does not happen at all (delayed tricks stay).

use crate::action::Action;
use crate::card::{CardId, CardKind, Category, UsedCard};
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, PromptKind};
use crate::resolve::{CardUse, Frame, Timing, TimingData, UseFrame};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::BeforePhase,
            can_trigger: before_judgment,
            ask: Ask::Custom(ask_skip_judgment),
            on_trigger: skip_judgment_and_draw,
        },
        Trigger {
            timing: Timing::BeforePhase,
            can_trigger: before_play,
            ask: Ask::Custom(ask_skip_play),
            on_trigger: skip_play,
        },
    ],
    ..SkillDef::named(
        SkillId::Shensu,
        "神速",
        "Shensu",
        "你可以选择一至两项：跳过你的判定阶段和摸牌阶段；或跳过你的出牌阶段并弃置一张装备牌。你每选择一项，视为你使用一张无距离限制的【杀】。",
        "You may choose one or both: skip your judgment and draw phases; or skip your play phase and discard an equipment card. For each, you are treated as using a Slash with no distance limit.",
    )
};

fn entering(data: &TimingData, owner: Seat, phase: Phase) -> bool {
    matches!(data, TimingData::Phase { seat, phase: p } if *seat == owner && *p == phase)
}

fn before_judgment(game: &Game, owner: Seat, data: &TimingData) -> bool {
    entering(data, owner, Phase::Judge)
        && !game.turn.skip[Phase::Judge as usize]
        && !game.turn.skip[Phase::Draw as usize]
        && !target_sets(game, owner).is_empty()
}

fn before_play(game: &Game, owner: Seat, data: &TimingData) -> bool {
    entering(data, owner, Phase::Play)
        && !game.turn.skip[Phase::Play as usize]
        && may_hold_equipment(game, owner)
        && !target_sets(game, owner).is_empty()
}

/// Could 夏侯渊 hold an equipment card, as far as the other seats know? He is asked whenever
/// he might (a hand card or an equipped one), so that being asked tells nothing about his hand.
fn may_hold_equipment(game: &Game, owner: Seat) -> bool {
    let cards = &game.table.seats[owner.index()];
    !cards.hand.is_empty() || cards.equipment().next().is_some()
}

/// The equipment cards 夏侯渊 may discard: in hand or equipped.
fn equipment_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    let cards = &game.table.seats[owner.index()];
    cards
        .hand
        .iter()
        .copied()
        .filter(|c| {
            matches!(
                game.card_def(game.card(*c).kind).category,
                Category::Equip(_)
            )
        })
        .chain(cards.equipment())
        .collect()
}

/// The target choices of the 杀: any other character it may be used on, distance aside.
fn target_sets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    let slash = UsedCard::virtual_card(CardKind::Slash);
    let legal: Vec<Seat> = game
        .order_from(owner)
        .into_iter()
        .filter(|t| *t != owner && !game.is_prohibited(owner, *t, &slash))
        .collect();
    crate::resolve::legal::subsets(&legal, 1 + game.extra_targets(owner, &slash))
}

fn question(mut actions: Vec<Action>) -> Option<(PromptKind, Choices)> {
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Shensu),
    };
    Some((kind, Choices::actions(actions)))
}

fn ask_skip_judgment(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let actions = target_sets(game, owner)
        .into_iter()
        .map(|targets| Action::Skill {
            skill: SkillId::Shensu,
            cards: Vec::new(),
            targets,
        })
        .collect();
    question(actions)
}

fn ask_skip_play(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let sets = target_sets(game, owner);
    let mut actions = Vec::new();
    for card in equipment_cards(game, owner) {
        for targets in &sets {
            actions.push(Action::Skill {
                skill: SkillId::Shensu,
                cards: vec![card],
                targets: targets.clone(),
            });
        }
    }
    question(actions)
}

/// The 杀 神速 makes 夏侯渊 use on `targets`.
fn slash(owner: Seat, action: &Action) -> Option<Frame> {
    let Action::Skill { targets, .. } = action else {
        return None;
    };
    let card = UsedCard::virtual_card(CardKind::Slash);
    Some(Frame::Use(UseFrame::new(CardUse::new(
        owner,
        card,
        targets.clone(),
    ))))
}

fn skip_judgment_and_draw(
    game: &mut Game,
    owner: Seat,
    _: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    game.skip_phase(Phase::Judge);
    game.skip_phase(Phase::Draw);
    slash(owner, action)
}

fn skip_play(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    if let Action::Skill { cards, .. } = action {
        game.discard(cards);
    }
    game.skip_phase(Phase::Play);
    slash(owner, action)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardId;
    use crate::card::CardKind::{self, *};
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, with_pack, Check};

    /// 夏侯渊 (seat 0) about to enter his judgment phase with `hand`, `equip` and `judge`; four
    /// seats, seat 2 at distance 2.
    fn xiahouyuan(hand: &[CardKind], equip: &[CardKind], judge: &[CardKind]) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Loyalist, Renegade]), "wind");
        s.phase = Phase::Judge;
        seat(&mut s, 0).general = GeneralId::Xiahouyuan;
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).equip = cards(equip);
        seat(&mut s, 0).judge = cards(judge);
        s.draw_pile_top = cards(&[Peach, Peach, Peach, Peach]);
        Check::new(s)
    }

    fn shensu(cards: &[CardId], targets: &[u8]) -> Action {
        Action::Skill {
            skill: SkillId::Shensu,
            cards: cards.to_vec(),
            targets: targets.iter().map(|t| Seat(*t)).collect(),
        }
    }

    fn slashes_used(c: &Check) -> usize {
        c.events
            .iter()
            .filter(|e| matches!(e, Event::CardUsed { card, .. } if card.kind == Slash))
            .count()
    }

    #[test]
    fn w_shensu_1_2_skips_judgment_and_draw_for_a_slash_at_any_distance() {
        let mut c = xiahouyuan(&[], &[], &[Indulgence]);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })));
        // Seat 2 is at distance 2: still a legal target.
        c.act(0, shensu(&[], &[2]));
        assert_eq!(slashes_used(&c), 1);
        c.pass(2);
        assert_eq!(c.hp(2), 3);
        // W-SHENSU-6: no judgment (乐不思蜀 stays) and no draw; the play phase comes.
        assert_eq!(c.judge_area(0), vec![Indulgence]);
        assert!(c.hand(0).is_empty());
        assert!(c.prompt(0).is_play());
    }

    #[test]
    fn w_shensu_4_the_slash_can_be_dodged_and_is_colourless() {
        let mut c = xiahouyuan(&[], &[], &[]);
        c.act(0, shensu(&[], &[1]));
        let used = c.events.iter().find_map(|e| match e {
            Event::CardUsed { card, .. } if card.kind == Slash => Some(card.clone()),
            _ => None,
        });
        assert!(used.is_some_and(|card| card.cards.is_empty() && card.suit.is_none()));
        assert!(c.is_asked(1, |k| matches!(k, PromptKind::Respond { card: Jink, .. })));
    }

    #[test]
    fn w_shensu_5_the_slash_leaves_the_play_phase_allowance() {
        let mut c = xiahouyuan(&[Slash], &[], &[]);
        c.act(0, shensu(&[], &[1])).pass(1);
        c.pass(0); // no equipment card for the second option
        assert!(c.prompt(0).is_play());
        c.card(0, Slash, &[1]);
        assert_eq!(slashes_used(&c), 2);
    }

    #[test]
    fn w_shensu_1_3_discards_an_equipment_card_to_skip_the_play_phase() {
        let mut c = xiahouyuan(&[Slash], &[Halberd], &[]);
        c.pass(0); // not the first option
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })));
        let halberd = c.game.table().seats[0].equipment().next().unwrap();
        c.act(0, shensu(&[halberd], &[2])).pass(2);
        assert_eq!(c.hp(2), 3);
        assert!(c.equipment(0).is_empty());
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::PhaseSkipped {
                phase: Phase::Play,
                ..
            }
        )));
        // On to the discard phase: two cards drawn and the 杀, three in hand, HP 4.
        assert_eq!(c.hand(0).len(), 3);
    }

    #[test]
    fn w_shensu_1_no_second_option_without_an_equipment_card() {
        // Asked (his hand is hidden), but only passing is possible.
        let mut c = xiahouyuan(&[Slash], &[], &[]);
        c.pass(0);
        assert_eq!(c.prompt(0).legal_actions(10), vec![Action::Pass]);
        c.pass(0);
        assert!(c.prompt(0).is_play());
        // With no card at all he is not asked: option 1 taken, nothing drawn, no hand.
        let mut c = xiahouyuan(&[], &[], &[]);
        c.act(0, shensu(&[], &[1])).pass(1);
        assert!(c.prompt(0).is_play());
    }

    #[test]
    fn w_shensu_4_an_unarmored_target_takes_it_through_renwang_shield() {
        // 仁王盾 stops only black 杀; this one has no colour.
        let mut s = with_pack(table(&[Lord, Rebel]), "wind");
        s.phase = Phase::Judge;
        seat(&mut s, 0).general = GeneralId::Xiahouyuan;
        seat(&mut s, 1).equip = cards(&[RenwangShield]);
        let mut c = Check::new(s);
        c.act(0, shensu(&[], &[1])).pass(1);
        assert_eq!(c.hp(1), 3);
    }
}
