//! 放权 Fangquan — 刘禅 (山; 国战 text, H-SK-fangquan).
//!
//! 你可以跳过出牌阶段，然后此回合结束时，你可以弃置一张手牌并选择一名其他角色，该角色获得一个额外回合。
//! You may skip your play phase; if you do, at the end of this turn you may discard a hand card
//! and choose another character: it takes an extra turn (after yours).
//!
//! The skip is decided as the play phase would begin (not one already skipped); a turn mark
//! remembers it. "At the end of this turn" is the 国战 timing (回合结束时, `Timing::TurnEnd`;
//! [Para]'s identity text says the end phase). The extra turn follows his, before the turn order
//! goes on (`Game::extra_turn`).

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::BeforePhase,
            can_trigger: before_play,
            ask: Ask::Confirm,
            on_trigger: skip_play,
        },
        Trigger {
            timing: Timing::TurnEnd,
            can_trigger: at_turn_end,
            ask: Ask::Custom(ask_give),
            on_trigger: give_turn,
        },
    ],
    ..SkillDef::named(
        SkillId::Fangquan,
        "放权",
        "Fangquan",
        "你可以跳过出牌阶段，然后此回合结束时，你可以弃置一张手牌并选择一名其他角色，该角色获得一个额外回合。",
        "You may skip your play phase; if you do, at the end of this turn you may discard a hand card and choose another character, who takes an extra turn.",
    )
};

fn before_play(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Play } if *seat == owner)
        && !game.turn.skip[Phase::Play as usize]
}

fn skip_play(game: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.skip_phase(Phase::Play);
    game.turn.set_mark(SkillId::Fangquan, 1);
    None
}

fn at_turn_end(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Turn { seat } if *seat == owner)
        && game.turn.mark(SkillId::Fangquan) == 1
        && !game.hand(owner).is_empty()
        && game.order_from(owner).iter().any(|s| *s != owner)
}

fn ask_give(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions = Vec::new();
    for &card in game.hand(owner) {
        for to in game.order_from(owner).into_iter().filter(|s| *s != owner) {
            actions.push(Action::Skill {
                skill: SkillId::Fangquan,
                cards: vec![card],
                targets: vec![to],
            });
        }
    }
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Fangquan),
    };
    Some((kind, Choices::actions(actions)))
}

fn give_turn(game: &mut Game, _: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    if let Action::Skill { cards, targets, .. } = action {
        game.discard(cards);
        if let Some(&to) = targets.first() {
            game.extra_turn(to);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Phase, PromptKind};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-fangquan: 刘禅 skips his play phase; at the end of his turn he discards a card and
    /// 孙权 (seat 2) takes the next turn, before 曹操 (seat 1).
    #[test]
    fn h_sk_fangquan_skip_play_give_a_turn() {
        let mut s = table(&[
            (G::HegLiushan, G::HegZhaoyun, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        s.phase = Phase::Play;
        seat(&mut s, 0).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Fangquan,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
        assert!(!c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        let peach = c.hand_card(0, Peach);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Fangquan,
                cards: vec![peach],
                targets: vec![Seat(2)],
            },
        );
        assert_eq!(c.discard_pile(), vec![Peach]);
        assert_eq!(c.game.turn.seat, Seat(2), "孙权's extra turn");
    }
}
