//! 国战 Hegemony: the 明置 choices (decisions 0016, 0018). The agent pre-shows both generals'
//! trigger skills (预亮) and reveals a hidden general whenever one of its skills would fire or its
//! play logic picks one of its conversions or active skills — a skill used is worth more to it
//! than the secret; it shows both generals at its first preparation phase anyway. Of the
//! rewards it takes the HP when low, else the cards.

use sgs_engine::modes::hegemony::mingzhi::{BOTH, DEPUTY, DRAW_ONE, DRAW_TWO, MAIN, RECOVER};
use sgs_engine::modes::hegemony::yuliang;
use sgs_engine::{Action, Choices, Prompt, SkillId};

use super::table::Ctx;

/// The answer to a 明置 or 预亮 prompt, if this is one.
pub fn choose(ctx: &Ctx, prompt: &Prompt, skill: SkillId) -> Option<Action> {
    let Choices::Actions { actions } = &prompt.choices else {
        return None;
    };
    let has = |index: u8| actions.contains(&Action::Option { index });
    match skill {
        SkillId::Yuliang if has(yuliang::BOTH) => {
            return Some(Action::Option {
                index: yuliang::BOTH,
            })
        }
        SkillId::Mingzhi => {}
        _ => return None,
    }
    // Reveal to use a hidden general's skill that fires now (H-REV-2).
    if let Some(reveal) = actions.iter().find(|a| matches!(a, Action::Skill { .. })) {
        return Some(reveal.clone());
    }
    let low = ctx.my().hp <= 2;
    let pick = [
        (BOTH, true),
        (RECOVER, low),
        (DRAW_TWO, true),
        (RECOVER, true),
        (DRAW_ONE, true),
        (MAIN, true),
        (DEPUTY, true),
    ]
    .into_iter()
    .find(|(index, wanted)| *wanted && has(*index))
    .map(|(index, _)| Action::Option { index });
    Some(pick.unwrap_or(Action::Pass))
}
