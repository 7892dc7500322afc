//! 祸水 Huoshui — 邹氏 (国战, H-SK-huoshui).
//!
//! 出牌阶段，你可以明置此武将牌。你的回合内，若此武将牌处于明置状态，其他角色不能明置其武将牌。
//! In your play phase you may reveal this general. In your turn, while this general is shown,
//! other characters cannot reveal their generals.
//!
//! The reveal is an active skill offered while 邹氏 is hidden: declaring it is the reveal
//! (H-REV-2, H-REV-3's "a skill that says so"), with its rewards; the skill does nothing else.
//! The block is a status of the shown skill, read by every reveal (`Game::reveal_blocked`,
//! H-REV-6): in her turn the others' hidden generals cannot be declared, pre-shown ones do not
//! ask, and nobody reveals at a preparation phase — from her turn's start if she was shown
//! then, else from the moment she reveals. A death's 亮出 is not blocked (H-DEATH-1).

use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Huoshui,
        "祸水",
        "Huoshui",
        "出牌阶段，你可以明置此武将牌。你的回合内，若此武将牌处于明置状态，其他角色不能明置其武将牌。",
        "In your play phase, you may reveal this general. In your turn, while this general is shown, other characters cannot reveal their generals.",
    )
};

/// Offered only while the general is hidden: using it is revealing it.
fn can_use(game: &Game, owner: Seat) -> bool {
    game.hidden_general_with(owner, SkillId::Huoshui).is_some()
}

/// The general was revealed as the skill was declared (`Game::reveal_to_use`); nothing follows.
fn step(_: &mut Game, _: &mut SkillFrame) -> Step {
    Step::Done
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

    fn huoshui() -> Action {
        Action::Skill {
            skill: SkillId::Huoshui,
            cards: Vec::new(),
            targets: Vec::new(),
        }
    }

    /// H-SK-huoshui, H-REV-6, H-EX-11: a hidden 邹氏 reveals by 祸水 in her play phase; her 杀
    /// then hurts a hidden, pre-shown 郭嘉, who is not asked to reveal for 遗计; before the
    /// reveal his hidden skills could be declared, after it not.
    #[test]
    fn h_sk_huoshui_no_reveal_in_her_turn() {
        let mut s = table(&[
            (G::HegZoushi, G::HegHuatuo, false, false),
            (G::HegGuojia, G::HegXunyu, false, false),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        assert!(c.game.hidden_skills(Seat(1)).next().is_some());
        c.act(0, huoshui());
        assert!(
            c.game.duo(Seat(0)).unwrap().main_shown,
            "祸水 revealed 邹氏"
        );
        assert!(!c.game.duo(Seat(0)).unwrap().deputy_shown);
        assert!(c.game.reveal_blocked(Seat(1)));
        assert!(!c.game.reveal_blocked(Seat(0)), "not herself");
        assert!(c.game.hidden_skills(Seat(1)).next().is_none());
        assert!(!c.allows(0, &huoshui()), "shown: nothing more to do");
        c.card(0, Slash, &[1]);
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
        assert_eq!(c.hp(1), 2);
        assert!(
            c.is_asked(0, |k| matches!(k, PromptKind::Play)),
            "郭嘉 is not asked to reveal for 遗计: {:#?}",
            c.game.prompts()
        );
        assert!(!c.game.duo(Seat(1)).unwrap().main_shown);
    }

    /// H-REV-6: outside her turn the block is off — 郭嘉 may reveal at his preparation phase.
    #[test]
    fn h_rev_6_the_block_holds_in_her_turn_only() {
        let mut s = table(&[
            (G::HegGuojia, G::HegXunyu, false, false),
            (G::HegZoushi, G::HegHuatuo, true, false),
        ]);
        s.phase = Phase::Start;
        let c = Check::new(s);
        assert!(!c.game.reveal_blocked(Seat(0)));
        assert!(c.game.hidden_skills(Seat(0)).next().is_some());
    }
}
