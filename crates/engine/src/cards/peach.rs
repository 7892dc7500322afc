//! 桃 Peach — 基本牌.
//!
//! 出牌阶段，对受伤的你使用；或当一名角色处于濒死状态时，对其使用。目标角色回复1点体力。
//! In your play phase, use on yourself while wounded; or use on a dying character at any time.
//! The target recovers 1 HP.

use crate::card::{CardKind, Category, UsedCard};
use crate::def::card::{user_only, CardDef, Target};
use crate::game::Game;
use crate::resolve::{EffectFrame, Step};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Peach,
    name_zh: "桃",
    name_en: "Peach",
    text_zh: "出牌阶段，对受伤的你使用；或对处于濒死状态的角色使用。目标角色回复1点体力。",
    text_en: "In your play phase, use on yourself while wounded; or on a dying character. The target recovers 1 HP.",
    category: Category::Basic,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: wounded,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn wounded(game: &Game, user: Seat, _: &UsedCard) -> bool {
    game.is_wounded(user)
}

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let bonus = game.peach_bonus(frame.use_id, frame.target);
    game.recover(frame.target, 1 + bonus);
    Step::Done
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn peach_heals_its_wounded_user_in_the_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.discard_pile(), vec![Peach]);
    }

    #[test]
    fn peach_cannot_be_used_at_full_hp_nor_on_another_seat() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Peach]);
        seat(&mut s, 1).hp = Some(1);
        let c = Check::new(s);
        assert!(c.find_card(0, Peach, &[]).is_none());
        assert!(c.find_card(0, Peach, &[1]).is_none());
    }

    #[test]
    fn peach_saves_a_dying_character_and_anyone_may_give_it() {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 2).hand = cards(&[Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert!(c.is_asked(
            0,
            |k| matches!(k, PromptKind::Save { dying } if dying.0 == 1)
        ));
        c.pass(0).pass(1).card(2, Peach, &[]);
        assert!(c.alive(1));
        assert_eq!(c.hp(1), 1);
        assert!(c.has_prompt(0));
    }

    #[test]
    fn the_dying_character_may_eat_its_own_peach() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        seat(&mut s, 1).hand = cards(&[Peach, Peach, Peach]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1).pass(0);
        assert_eq!(c.hp(1), 0);
        c.card(1, Peach, &[]);
        assert_eq!(c.hp(1), 1);
        // Back above 0: nobody is asked any more.
        assert_eq!(c.hand(1), vec![Peach, Peach]);
        assert!(c.has_prompt(0) && !c.has_prompt(1));
    }
}
