//! 飞扬 Feiyang — 斗地主's landlord (M-DDZ-5).
//!
//! 判定阶段开始时，若你的手牌数不小于2且判定区内有牌，你可以弃置两张手牌，然后弃置你判定区内的一张牌。
//! At the start of your judgment phase, if you have at least two hand cards and a card in your
//! judgment area, you may discard two hand cards; then discard a card of your choice from your
//! judgment area.
//!
//! It acts before any delayed trick is judged (the phase's start window comes first). The two
//! hand cards are the answer to the question; the judgment card is picked after, face up (no
//! question when only one lies there).

use crate::action::{Action, Pick};
use crate::card::CardId;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, Step, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Feiyang,
        "飞扬",
        "Feiyang",
        "判定阶段开始时，若你的手牌数不小于2且判定区内有牌，你可以弃置两张手牌，然后弃置你判定区内的一张牌。",
        "At the start of your judgment phase, if you have at least two hand cards and a card in your judgment area, you may discard two hand cards; then discard a card of your choice from your judgment area.",
    )
};

fn judgment_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    game.table.seats[owner.index()]
        .judge
        .iter()
        .map(|d| d.card)
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Judge } if *seat == owner)
        && game.hand(owner).len() >= 2
        && !judgment_cards(game, owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Feiyang),
    };
    let choices = Choices::Cards {
        from: game.hand(owner).to_vec(),
        min: 2,
        max: 2,
        can_pass: true,
    };
    Some((kind, choices))
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Cards { cards } = action else {
        return None;
    };
    game.discard(cards);
    Some(Frame::Skill(SkillFrame::new(SkillId::Feiyang, owner)))
}

/// The judgment card: picked when there is a choice, then discarded.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let cards = judgment_cards(game, owner);
    match frame.step {
        0 if cards.len() >= 2 => {
            frame.step = 1;
            let picks = cards
                .iter()
                .map(|card| Action::Pick {
                    pick: Pick::Card { card: *card },
                })
                .collect();
            Step::ask(Prompt::new(
                owner,
                PromptKind::PickCard {
                    owner,
                    cause: Cause::Skill(SkillId::Feiyang),
                },
                Choices::actions(picks),
            ))
        }
        0 => {
            game.discard(&cards);
            Step::Done
        }
        _ => {
            if let Some((
                _,
                Action::Pick {
                    pick: Pick::Card { card },
                },
            )) = game.take_answer()
            {
                if cards.contains(&card) {
                    game.discard(&[card]);
                }
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::{Action, Pick};
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, Check};

    use super::super::tests::doudizhu;

    /// The landlord at the start of its judgment phase with `judge` in its judgment area.
    fn at_judgment(hand: &[crate::card::CardKind], judge: &[crate::card::CardKind]) -> Check {
        let mut s = doudizhu(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).judge = judge.iter().map(|k| CardSpec::kind(*k)).collect();
        s.phase = Phase::Judge;
        Check::new(s)
    }

    fn is_feiyang(kind: &PromptKind) -> bool {
        matches!(
            kind,
            PromptKind::Choose {
                cause: crate::prompt::Cause::Skill(SkillId::Feiyang)
            }
        )
    }

    /// M-DDZ-5: two hand cards away, the only delayed trick discarded before it is judged.
    #[test]
    fn m_ddz_5_discards_two_hand_cards_and_the_delayed_trick() {
        let mut c = at_judgment(&[Slash, Jink, Peach], &[Indulgence]);
        assert!(c.is_asked(0, is_feiyang));
        let two = vec![c.hand_card(0, Slash), c.hand_card(0, Jink)];
        c.act(0, Action::Cards { cards: two });
        assert!(c.judge_area(0).is_empty());
        let discarded = c.discard_pile();
        for kind in [Slash, Jink, Indulgence] {
            assert!(discarded.contains(&kind), "{kind:?} discarded");
        }
        // The 桃 kept, and two drawn in the draw phase that followed.
        assert_eq!(c.hand(0).len(), 3);
        assert!(c.hand(0).contains(&Peach));
        c.assert_conserved();
    }

    /// M-DDZ-5: with two delayed tricks the landlord picks which one goes; the other is judged.
    #[test]
    fn m_ddz_5_picks_one_of_two_delayed_tricks() {
        let mut c = at_judgment(&[Slash, Jink], &[Indulgence, Lightning]);
        let two = vec![c.hand_card(0, Slash), c.hand_card(0, Jink)];
        c.act(0, Action::Cards { cards: two });
        let prompt = c.prompt(0).clone();
        assert!(matches!(prompt.kind, PromptKind::PickCard { .. }));
        let lightning = c.game.table().seats[0]
            .judge
            .iter()
            .find(|d| d.kind == Lightning)
            .map(|d| d.card)
            .unwrap();
        c.act(
            0,
            Action::Pick {
                pick: Pick::Card { card: lightning },
            },
        );
        assert!(c.discard_pile().contains(&Lightning));
        assert!(!c.discard_pile().contains(&Indulgence) || c.judge_area(0).is_empty());
        c.assert_conserved();
    }

    /// M-DDZ-5: not asked with fewer than two hand cards, nor with an empty judgment area.
    #[test]
    fn m_ddz_5_needs_two_hand_cards_and_a_judgment_card() {
        let c = at_judgment(&[Slash], &[Indulgence]);
        assert!(!c.is_asked(0, is_feiyang));
        let c = at_judgment(&[Slash, Jink], &[]);
        assert!(!c.is_asked(0, is_feiyang));
    }
}
