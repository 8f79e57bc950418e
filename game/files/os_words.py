"""What the system said about a file, in a player's words.

Python's own text for a failed read or write ("[Errno 13] Permission denied:
'/home/ana/.local/share/couch-uno/.match.save.dv5yoifo.tmp'") is English,
names a temporary file the player never made and a number nobody reads.
A notice says instead what happened, in the player's language
(`game.i18n.say`), and the log keeps the system's own text beside it.
"""

from __future__ import annotations

import errno

from game.engine.said import Said, said
from game.files.atomic import NotAFile
from game.i18n import N_

# What each errno means for a player; one not listed is named by its code.
_WORDS: dict[int, str] = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EACCES: N_("the system does not allow the game to use it"),
    errno.EPERM: N_("the system does not allow the game to use it"),
    errno.EROFS: N_("the disk can only be read"),
    errno.EISDIR: N_("a folder stands where the file goes"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EEXIST: N_("a file stands where a folder should be"),
    errno.ENOENT: N_("its folder does not exist"),
    errno.EIO: N_("the disk failed to read or write it"),
    errno.ENAMETOOLONG: N_("its name is too long"),
    errno.ELOOP: N_("its name is a loop of links"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
    errno.EBUSY: N_("it is in use"),
}
if hasattr(errno, "EDQUOT"):
    _WORDS[errno.EDQUOT] = N_("the disk is full")


def os_problem(error: BaseException) -> Said:
    """`error` (an OSError, most often) as a short phrase: "the disk is full"."""
    if isinstance(error, NotAFile):
        return said("something that is not a file stands where the file goes")
    number = error.errno if isinstance(error, OSError) else None
    if number is not None and number in _WORDS:
        return Said(_WORDS[number], {})
    code = errno.errorcode.get(number, "") if number is not None else ""
    return said("the system refused it ({code})", code=code or type(error).__name__)
