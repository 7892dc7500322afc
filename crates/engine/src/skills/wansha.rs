//! 完杀 Wansha — 贾诩 (林; 国战 the same, H-SK-wansha).
//!
//! 锁定技，你的回合内，除处于濒死状态的角色外，其他角色不能使用【桃】。
//! Compulsory: during your turn, characters other than you who are not dying cannot use 桃.
//!
//! A status skill (`Modifiers::forbids_rescue`): in 贾诩's turn a dying character is saved by
//! its own 桃 (or 酒) or 贾诩's only. It is also announced as each dying starts in his turn
//! (`Timing::Dying`), which is where a pre-shown hidden 贾诩 is asked whether to reveal for it
//! (H-REV-7). [QHegRule]: a hidden 贾诩 declares it as the first call for 桃 starts — in his turn
//! that call is his own (the order starts at the current seat), so a hidden 贾诩, pre-shown or
//! not, may also declare it there, as an answer to his 求桃 prompt, and is then asked again,
//! shown (`flow/dying.rs`). A hidden one who does not forbids nothing for that dying.

use crate::action::Action;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        forbids_rescue: Some(forbids),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::Dying,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Wansha,
        "完杀",
        "Wansha",
        "锁定技，你的回合内，除处于濒死状态的角色外，其他角色不能使用【桃】。",
        "Compulsory: during your turn, characters other than you who are not dying cannot use Peach.",
    )
};

fn in_turn_of(game: &Game, owner: Seat) -> bool {
    game.turn.seat == owner && game.is_alive(owner)
}

fn forbids(game: &Game, owner: Seat, saver: Seat, dying: Seat) -> bool {
    in_turn_of(game, owner) && saver != owner && saver != dying
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Dying { .. }) && in_turn_of(game, owner)
}

/// The announcement is the effect: the rescue is forbidden while the skill is shown.
fn on_trigger(_: &mut Game, _: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-wansha: in 贾诩's turn his 杀 brings 曹操 to 0; 许褚's seat (2), 桃 in hand, is
    /// offered nothing to save him; 曹操 may save himself.
    #[test]
    fn h_sk_wansha_only_the_dying_and_jiaxu_may_save() {
        let mut s = table(&[
            (G::HegJiaxu, G::HegPanfeng, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).hand = cards(&[Peach]);
        seat(&mut s, 2).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        let mut asked = Vec::new();
        while let Some(p) = c
            .game
            .prompts()
            .iter()
            .find(|p| matches!(p.kind, PromptKind::Save { .. }))
        {
            let saver = p.seat.0;
            asked.push(saver);
            let peach = c.find_card(saver, Peach, &[]);
            match saver {
                1 => assert!(peach.is_some(), "the dying may"),
                _ => assert!(peach.is_none(), "seat {saver} may not"),
            }
            c.pass(saver);
        }
        assert!(asked.contains(&1));
        assert!(!c.alive(1));
    }

    /// A hidden 贾诩 (nothing pre-shown) in his turn: his 杀 takes 曹操＆许褚 at 1 HP to dying;
    /// 孙权's seat holds a 桃.
    fn hidden_jiaxu_brings_a_seat_to_dying() -> Check {
        let mut s = table(&[
            (G::HegJiaxu, G::HegPanfeng, false, false),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 2).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        crate::testing::without_preshow(&mut c.game, Seat(0));
        c.card(0, Slash, &[1]).pass(1);
        c
    }

    /// H-SK-wansha, H-REV-2 (a): a hidden 贾诩 who pre-showed nothing may declare 完杀 in his own
    /// first call for 桃 (revealing him); asked again, he passes; 许褚's seat then may not save.
    #[test]
    fn h_sk_wansha_a_hidden_jiaxu_declares_it_at_the_first_call() {
        let mut c = hidden_jiaxu_brings_a_seat_to_dying();
        let declare = Action::Skill {
            skill: SkillId::Wansha,
            cards: Vec::new(),
            targets: Vec::new(),
        };
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        assert!(c.allows(0, &declare), "offered in his own 求桃 prompt");
        c.act(0, declare.clone());
        assert!(c.game.duo(Seat(0)).unwrap().main_shown, "贾诩 revealed");
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        assert!(!c.allows(0, &declare), "shown: nothing to declare");
        c.pass(0);
        c.pass(1);
        assert!(c.is_asked(2, |k| matches!(k, PromptKind::Save { .. })));
        assert!(c.find_card(2, Peach, &[]).is_none(), "完杀 forbids it");
    }

    /// H-SK-wansha: a hidden 贾诩 who does not declare it forbids nothing: 孙权 may save.
    #[test]
    fn h_sk_wansha_undeclared_forbids_nothing() {
        let mut c = hidden_jiaxu_brings_a_seat_to_dying();
        c.pass(0).pass(1);
        assert!(c.find_card(2, Peach, &[]).is_some());
    }
}
