"""The files interface of ``pawtrack.files`` kept in memory.

``MemoryFiles()`` holds each file as a bytearray in a dict and the folders in a
set; it behaves like the device's filesystem for everything the core does
(binary modes only, rename replaces, OSError for what is missing), on both
interpreters. Tests and state-less host tools use it, and so does a
CircuitPython board whose drive was left to the computer (it plays without
saving).
"""


class MemoryFile:
    """An open file of MemoryFiles: the methods the core uses, over a bytearray."""

    def __init__(self, data, writable):
        self.data = data
        self.writable = writable
        self.offset = 0

    def read(self, size=-1):
        end = len(self.data) if size is None or size < 0 else self.offset + size
        chunk = bytes(self.data[self.offset : end])
        self.offset += len(chunk)
        return chunk

    def readinto(self, buffer):
        chunk = self.read(len(buffer))
        buffer[: len(chunk)] = chunk
        return len(chunk)

    def write(self, data):
        if not self.writable:
            raise OSError(9, "file not open for writing")
        self.data.extend(data)
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass


class MemoryFiles:
    """The files interface over a dict: name -> bytearray, and a set of folders."""

    def __init__(self):
        self.files = {}
        self.folders = set()

    def open(self, name, mode):
        if "b" not in mode:
            raise ValueError("files are opened in binary mode")
        if name in self.folders:
            raise OSError(21, "is a folder: " + name)
        if "r" in mode:
            if name not in self.files:
                raise OSError(2, "no such file: " + name)
            return MemoryFile(self.files[name], False)
        if "w" in mode or name not in self.files:
            self.files[name] = bytearray()
        return MemoryFile(self.files[name], True)

    def rename(self, src, dst):
        if src not in self.files or dst in self.folders:
            raise OSError(2, "cannot rename " + src)
        self.files[dst] = self.files.pop(src)

    def remove(self, name):
        if name not in self.files:
            raise OSError(2, "no such file: " + name)
        del self.files[name]

    def exists(self, name):
        return name in self.files or name in self.folders

    def size(self, name):
        if name not in self.files:
            raise OSError(2, "no such file: " + name)
        return len(self.files[name])

    def listdir(self, folder=""):
        prefix = folder + "/" if folder else ""
        names = []
        for name in list(self.files) + list(self.folders):
            if name.startswith(prefix) and "/" not in name[len(prefix) :]:
                names.append(name[len(prefix) :])
        return names

    def mkdir(self, name):
        if self.exists(name):
            raise OSError(17, "exists: " + name)
        self.folders.add(name)

    def rmdir(self, name):
        if name not in self.folders or self.listdir(name):
            raise OSError(39, "not an empty folder: " + name)
        self.folders.discard(name)

    def is_dir(self, name):
        return name in self.folders

    def write_at(self, name, offset, data):
        if name not in self.files:
            raise OSError(2, "no such file: " + name)
        content = self.files[name]
        if offset + len(data) > len(content):
            raise OSError(27, "past the end of " + name)
        content[offset : offset + len(data)] = data
