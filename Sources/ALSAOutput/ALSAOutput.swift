import Audio
