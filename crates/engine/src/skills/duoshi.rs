//! 度势 Duoshi — 陆逊 (国战, H-SK-duoshi).
//!
//! 出牌阶段限四次，你可以将一张红色手牌当【以逸待劳】使用。
//! Up to four times in your play phase, you may use a red hand card as 以逸待劳.
//!
//! A conversion; each use is counted as it is announced (a silent trigger at "card used" on a
//! card this skill made, which counts it against the limit of four per phase).

use crate::action::Action;
use crate::card::{Card, CardKind, Color};
use crate::def::skill::Period;
use crate::def::skill::{Ask, CardMode, Limit, SkillDef, Trigger, ViewAs};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::Phase;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    limit: Some(Limit {
        times: 4,
        per: Period::Phase,
    }),
    view_as: Some(ViewAs {
        cards: 1,
        from_equip: false,
        as_kind,
        accepts: None,
        shared_suit: false,
        usable,
        nature: crate::card::Nature::Normal,
    }),
    triggers: &[Trigger {
        timing: Timing::CardUsed,
        can_trigger: made_by_duoshi,
        ask: Ask::Never,
        on_trigger: counted,
    }],
    ..SkillDef::named(
        SkillId::Duoshi,
        "度势",
        "Duoshi",
        "出牌阶段限四次，你可以将一张红色手牌当【以逸待劳】使用。",
        "Up to four times in your play phase, you may use a red hand card as Await Exhausted.",
    )
};

fn as_kind(cards: &[Card]) -> Option<CardKind> {
    match cards {
        [card] if card.color() == Color::Red => Some(CardKind::AwaitExhausted),
        _ => None,
    }
}

fn usable(game: &Game, owner: Seat, mode: CardMode) -> bool {
    mode == CardMode::Play
        && game.turn.seat == owner
        && game.turn.phase == Some(Phase::Play)
        && game.uses_left(owner, SkillId::Duoshi)
}

fn made_by_duoshi(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Used { use_id }
        if game.card_use(*use_id).user == owner
            && game.card_use(*use_id).card.skill == Some(SkillId::Duoshi))
}

/// The use is counted by the trigger machinery (`Game::invoke`); nothing else happens.
fn counted(_: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::testing::{cards, seat, Check};

    /// H-SK-duoshi: a red hand card is used as 以逸待劳, four times a phase at most.
    #[test]
    fn h_sk_duoshi_four_times_a_phase() {
        let mut s = table(&[
            (G::HegLuxun, G::HegSunquan, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Peach, Peach, Jink, Jink, Peach]);
        let mut c = Check::new(s);
        for used in 0..4 {
            let Some(duoshi) = c.find(0, |cards, skill, _| {
                skill == Some(SkillId::Duoshi) && cards.len() == 1
            }) else {
                panic!("度势 use {used} not offered");
            };
            c.act(0, duoshi);
            c.pass_windows();
            // 以逸待劳: each target draws 2 then discards 2.
            while let Some(p) = c.game.prompts().first().cloned() {
                if matches!(p.kind, crate::prompt::PromptKind::Play) {
                    break;
                }
                // Discards keep the red cards: the newest (drawn) ones go.
                let action = match &p.choices {
                    crate::prompt::Choices::Cards { from, min, .. } => Action::Cards {
                        cards: from.iter().rev().take(*min as usize).copied().collect(),
                    },
                    _ => p.default_action(),
                };
                c.act(p.seat.0, action);
            }
        }
        assert!(
            c.find(0, |_, skill, _| skill == Some(SkillId::Duoshi))
                .is_none(),
            "a fifth is not offered"
        );
    }
}
